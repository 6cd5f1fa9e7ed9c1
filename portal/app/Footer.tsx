import { Link } from 'wouter';
import { ContactDetails } from '../components/ContactDetails';

const SITE_LINKS = [
  ['/about', 'About'],
  ['/how-it-works', 'How it works'],
  ['/suppliers', 'Supplier directory'],
  ['/vision', 'Global vision'],
  ['/data-platform', 'Data platform'],
  ['/quote-tracker', 'Quote tracker'],
  ['/compliance', 'Compliance'],
  ['/terms', 'Terms'],
] as const;

export function Footer({ onPrivacySettings }: { onPrivacySettings(): void }) {
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <div>
          <h2>Procura</h2>
          <p>Quotes from South African suppliers of cleaning and maintenance supplies, in seconds.</p>
        </div>
        <nav aria-labelledby="footer-site-title">
          <h2 id="footer-site-title">Company</h2>
          <ul>
            {SITE_LINKS.map(([href, label]) => (
              <li key={href}>
                <Link href={href}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2>Contact</h2>
          <ContactDetails />
        </div>
        <div>
          <h2>Privacy</h2>
          <ul>
            <li>
              <button type="button" className="link-button" onClick={onPrivacySettings}>
                Privacy settings
              </button>
            </li>
            <li>
              <Link href="/privacy">Privacy policy</Link>
            </li>
            <li>
              <Link href="/account">Your requests</Link>
            </li>
            <li>
              <Link href="/privacy/my-data">See or delete your data</Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
