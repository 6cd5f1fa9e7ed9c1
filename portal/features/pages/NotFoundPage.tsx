import { Link } from 'wouter';
import { usePageTitle } from '../../lib/use-page-title';

export default function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <div className="container page not-found">
      <h1>Page Not Found</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <Link href="/" className="button">
        Return Home
      </Link>
    </div>
  );
}
