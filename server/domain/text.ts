/**
 * Lower-cases, folds spellings to the catalogue's (sanitizer, deodorizer, litre), keeps words only and
 * pads with spaces so that ` phrase` finds whole-word starts.
 */
export function normalizeText(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/sanitis/g, 'sanitiz')
    .replace(/lit(er|re)s?\b/g, 'litre')
    .replace(/deodoris/g, 'deodoriz')
    .replace(/[^a-z0-9%+-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

/** A phrase ready for {@link normalizeText}ed text: normalised, without the padding. */
export function normalizePhrase(phrase: string): string {
  return normalizeText(phrase).trim();
}
