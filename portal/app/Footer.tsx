import { COMPANY } from '../lib/content';

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
          <address>
            <ul>
              <li>{COMPANY.name}</li>
              <li>{COMPANY.address}</li>
              <li>
                <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
              </li>
              <li>
                <a href={`tel:${COMPANY.phone.replace(/\s/g, '')}`}>{COMPANY.phone}</a>
              </li>
              <li>Support {COMPANY.supportHours}</li>
            </ul>
          </address>
        </div>
        <div>
          <h2>Privacy</h2>
          <ul>
            <li>
              <button type="button" className="link-button" onClick={onPrivacySettings}>
                Privacy settings
              </button>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
