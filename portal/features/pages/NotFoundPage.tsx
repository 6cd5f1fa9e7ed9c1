import { Link } from 'wouter';
import { usePageMeta } from '../../lib/use-page-title';

export default function NotFoundPage() {
  // The head never repeats the missing path: a 404 page names the site, not what was asked for.
  usePageMeta({ title: 'Page Not Found', description: 'This page does not exist on Procura.', canonicalPath: '/' });
  return (
    <div className="container page not-found">
      <h1>Page Not Found</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <div className="button-row">
        <Link href="/" className="button">
          Return Home
        </Link>
        <Link href="/suppliers" className="button button-secondary">
          Browse suppliers
        </Link>
      </div>
    </div>
  );
}
