import { createHash, randomBytes } from 'node:crypto';

/** An RFQ id: 18 random digits, the first not zero (about 60 bits, unguessable, digits only). */
export function newRfqId(): string {
  const digits: string[] = [];
  while (digits.length < 18) {
    for (const byte of randomBytes(24)) {
      if (byte >= 250) continue; // keep the digits uniform
      const d = byte % 10;
      if (digits.length === 0 && d === 0) continue;
      digits.push(String(d));
      if (digits.length === 18) break;
    }
  }
  return digits.join('');
}

/** A quote's tracking token: `qt_` and 144 random bits, base64url. */
export function newTrackingToken(): string {
  return `qt_${randomBytes(18).toString('base64url')}`;
}

/** Tokens are stored only as their SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A quote id, also the quote reference buyers and suppliers quote back: `qte_` and 80 random bits. */
export function newQuoteId(): string {
  return `qte_${randomBytes(10).toString('hex')}`;
}

/** Hides most of an e-mail's local part: jane@example.co.za -> j***@example.co.za. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
