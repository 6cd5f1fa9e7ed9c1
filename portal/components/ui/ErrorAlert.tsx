import { Link } from 'wouter';

/**
 * An error: a title and what went wrong. On its own it fills the page and offers the way home;
 * `inline` it sits inside a form or a panel.
 */
export function ErrorAlert({ title, message, inline = false }: { title: string; message: string; inline?: boolean }) {
  const alert = (
    <div className="alert alert-danger" role="alert">
      <div className="alert-title">{title}</div>
      <p>{message}</p>
      {inline ? null : <Link href="/">Return Home</Link>}
    </div>
  );
  return inline ? alert : <div className="container page">{alert}</div>;
}
