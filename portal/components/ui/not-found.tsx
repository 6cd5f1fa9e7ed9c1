import { LinkButtons } from './link-buttons';

/**
 * What a page that does not exist shows: any unknown path, and a page whose link the server no
 * longer serves (a revoked or expired shared dashboard), so both read the same and lead to the same places.
 */
export function PageNotFound() {
  return (
    <div className="container page not-found">
      <h1>Page Not Found</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <LinkButtons
        links={[
          { href: '/', label: 'Return Home' },
          { href: '/suppliers', label: 'Browse suppliers', secondary: true },
        ]}
      />
    </div>
  );
}
