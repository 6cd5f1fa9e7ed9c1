/**
 * Lower-cases, folds South African / British spellings to the catalogue's, keeps words only and
 * pads with spaces so that ` phrase` finds whole-word starts.
 */
export function normalizeText(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/sanitis/g, 'sanitiz')
    .replace(/litres?\b/g, 'liter')
    .replace(/deodoris/g, 'deodoriz')
    .replace(/[^a-z0-9%+-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

/** A phrase ready for {@link normalizeText}ed text: normalised, without the padding. */
export function normalizePhrase(phrase: string): string {
  return normalizeText(phrase).trim();
}
