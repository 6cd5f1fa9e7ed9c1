import { Link } from 'wouter';

/** A page-level error: a title, what went wrong, and the way home. */
export function ErrorAlert({ title, message }: { title: string; message: string }) {
  return (
    <div className="container page">
      <div className="alert alert-danger" role="alert">
        <div className="alert-title">{title}</div>
        <p>{message}</p>
        <Link href="/">Return Home</Link>
      </div>
    </div>
  );
}
