import { Link } from 'wouter';
import { ContactDetails } from '../components/ContactDetails';

export function Footer({ onPrivacySettings }: { onPrivacySettings(): void }) {
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <div>
          <h2>Procura</h2>
          <p>Quotes from South African suppliers of cleaning and maintenance supplies, in seconds.</p>
        </div>
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
              <Link href="/privacy/my-data">See or delete your data</Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
