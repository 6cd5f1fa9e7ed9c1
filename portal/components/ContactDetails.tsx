import { COMPANY } from '../lib/content';

/** The company's contact details, one place for the footer and the pages that repeat them. */
export function ContactDetails({ className }: { className?: string }) {
  return (
    <address>
      <ul className={className}>
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
  );
}
