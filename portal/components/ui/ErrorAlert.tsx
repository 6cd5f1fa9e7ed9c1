import { Link } from 'wouter';

/**
 * An error: a title and what went wrong. On its own it fills the page and offers the way home;
 * `inline` it sits inside a form or a panel.
 */
export function ErrorAlert({
  title,
  message,
  inline = false,
  retry,
}: {
  title: string;
  message: string;
  inline?: boolean;
  /** Where to try again, offered before the way home: the page that leads here. */
  retry?: { href: string; label: string };
}) {
  const alert = (
    <div className="alert alert-danger" role="alert">
      <div className="alert-title">{title}</div>
      <p>{message}</p>
      {inline ? null : (
        <p className="alert-links">
          {retry ? <Link href={retry.href}>{retry.label}</Link> : null}
          <Link href="/">Return Home</Link>
        </p>
      )}
    </div>
  );
  return inline ? alert : <div className="container page">{alert}</div>;
}
