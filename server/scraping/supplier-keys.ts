/**
 * The keys a found supplier is recognised by when it is found again or exists already: its
 * checked e-mail address, its name folded to letters without the company-form words, and its
 * business domain (never a shared mailbox provider's, nor the directory's own).
 */
import { z } from 'zod';

const EMAIL = z.email();

/** A checked e-mail address, lower-case, or null when the text is not one. */
export function checkEmail(raw: string): string | null {
  const address = raw
    .replace(/^mailto:/i, '')
    .split('?')[0]!
    .trim()
    .toLowerCase();
  return EMAIL.safeParse(address).success ? address : null;
}

// Company forms and filler dropped when names are compared: 'Sparkle Hygiene (Pty) Ltd' and
// 'sparkle hygiene' are one business.
const NAME_NOISE = new Set(['pty', 'ltd', 'limited', 'cc', 'inc', 'llc', 'co', 'company', 'the', 'and', 'sa', 'za', 'trading']);

/** The form of a business name duplicates are recognised by. */
export function nameKey(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/\bt\s*\/\s*a\b/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((w) => w && !NAME_NOISE.has(w))
    .join(' ');
}

// Shared mail providers: an address there says nothing about which business it is.
const SHARED_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.za',
  'ymail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.za',
  'live.com',
  'live.co.za',
  'msn.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'protonmail.com',
  'proton.me',
  'gmx.com',
  'mail.com',
  'zoho.com',
  'webmail.co.za',
  'mweb.co.za',
  'telkomsa.net',
  'vodamail.co.za',
  'iafrica.com',
  'absamail.co.za',
  'lantic.net',
  'worldonline.co.za',
]);

/** The business's own domain: its website's host, else its e-mail's domain unless that is a shared provider. */
export function businessDomain(website: string | null, email: string | null, directoryHost?: string): string | null {
  if (website) {
    try {
      const host = new URL(website).hostname.toLowerCase().replace(/^www\./, '');
      if (host !== directoryHost?.toLowerCase().replace(/^www\./, '')) return host;
    } catch {
      // not a URL: fall through to the e-mail
    }
  }
  const domain = email?.split('@')[1];
  return domain && !SHARED_MAIL_DOMAINS.has(domain) ? domain : null;
}
