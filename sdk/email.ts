/**
 * The one shape of an e-mail address the forms check before sending (the quote request, the
 * widget, partner registration, a buyer's data request): text, an @, a domain with a dot and a
 * top-level part of two letters or more, and no white space, control character, comma, semicolon,
 * angle bracket or quote, as a browser checks `type="email"`; a comma or semicolon would make one
 * field two addresses, and a bracket or quote could break out of a mailto link. The server's
 * schemas are the authority; this lets a form say 'Please enter a valid email address' before a
 * round trip.
 */
const PART = String.raw`[^\s@,;<>"'\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]`;
const EMAIL_SHAPE = new RegExp(`^${PART}+@${PART}+\\.${PART}{2,}$`);

/**
 * Whether text has the shape of one e-mail address (trim it first; white space fails).
 *
 * @example
 * isEmailShaped('buyer@example.co.za'); // true
 * isEmailShaped('buyer@example'); // false
 * isEmailShaped('a@example.co.za, b@example.co.za'); // false
 */
export function isEmailShaped(value: string): boolean {
  return EMAIL_SHAPE.test(value);
}
