/**
 * The one rule for text people type, without a schema library, so the forms give the server's
 * message before a round trip. A single-line field (a name, a reference, a city) takes no C0
 * control (U+0000 to U+001F, line breaks and tab among them), no DEL or C1 control (U+007F to
 * U+009F) and no bidirectional embedding, override or isolate (U+202A to U+202E, U+2066 to
 * U+2069): printed on a purchase order or in an e-mail header, a line break starts a line of
 * its own and an override turns the text around. A multi-line field (a description, a reason)
 * takes line breaks (`\n`, `\r\n`) and tab, and nothing else of those.
 *
 * @module
 */

// Written as text for RegExp: these characters are what the patterns are about. A lone \r is
// refused in multi-line text too, as some readers take it for a line break and others do not.
const RANGES = String.raw`\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069`;
const RANGES_BUT_LINE_BREAKS = String.raw`\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069`;
const CONTROLS = new RegExp(`[${RANGES}]`);
const CONTROLS_BUT_LINE_BREAKS = new RegExp(String.raw`[${RANGES_BUT_LINE_BREAKS}]|\r(?!\n)`);
const CONTROLS_EVERYWHERE = new RegExp(`[${RANGES}]`, 'g');

/**
 * The messages of the text rule, naming the field as its other messages do.
 *
 * @example
 * TEXT_MESSAGES.singleLine('Purchase order reference'); // 'Purchase order reference must not contain control characters or line breaks'
 * TEXT_MESSAGES.multiLine('Description'); // 'Description must not contain control characters'
 */
export const TEXT_MESSAGES = {
  singleLine: (field: string) => `${field} must not contain control characters or line breaks`,
  multiLine: (field: string) => `${field} must not contain control characters`,
} as const;

/**
 * Whether text may stand in a single-line field: no control character, line break or
 * bidirectional control.
 *
 * @example
 * isSingleLineText('PO-1042'); // true
 * isSingleLineText('PO\u202e1\r\nX-Evil: 1'); // false
 */
export function isSingleLineText(text: string): boolean {
  return !CONTROLS.test(text);
}

/**
 * Whether text may stand in a multi-line field: line breaks (`\n`, `\r\n`) and tab, and no other
 * control character or bidirectional control.
 *
 * @example
 * isMultiLineText('Two boxes.\nDeliver to the back gate.'); // true
 * isMultiLineText('Two boxes\u0000'); // false
 */
export function isMultiLineText(text: string): boolean {
  return !CONTROLS_BUT_LINE_BREAKS.test(text);
}

/**
 * The text rule's message for a field's value, or undefined when the value keeps the rule.
 *
 * @example
 * textError('Acme\r\nX-Evil: 1', 'Company name'); // 'Company name must not contain control characters or line breaks'
 * textError('Line one\nLine two', 'Description', 'multi'); // undefined
 */
export function textError(value: string, field: string, lines: 'single' | 'multi' = 'single'): string | undefined {
  if (lines === 'multi') return isMultiLineText(value) ? undefined : TEXT_MESSAGES.multiLine(field);
  return isSingleLineText(value) ? undefined : TEXT_MESSAGES.singleLine(field);
}

/**
 * Text as one line may print it: every control character, line break and bidirectional control
 * a space. For what is already stored, where it is printed (a PDF's line, an e-mail's subject).
 *
 * @example
 * oneLine('PO\u202e1\r\nX-Evil: 1'); // 'PO 1  X-Evil: 1'
 */
export function oneLine(text: string): string {
  return text.replace(CONTROLS_EVERYWHERE, ' ');
}
