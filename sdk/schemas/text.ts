import { z } from 'zod';
import { TEXT_MESSAGES, isMultiLineText, isSingleLineText } from '../text';

/**
 * The text rule of a single-line field (see `sdk/text.ts`), as a check of a string schema: put it
 * after `.trim()` and before the length checks, so a value that breaks it is answered with its
 * message alone, and every other value as before.
 *
 * @example
 * const companyName = z.string().trim().check(singleLine('Company name')).max(200, { error: 'Company name must be at most 200 characters' });
 * companyName.safeParse('Acme\r\nX-Evil: 1').error?.issues[0]?.message; // 'Company name must not contain control characters or line breaks'
 */
export const singleLine = (field: string) => z.refine<string>(isSingleLineText, { error: TEXT_MESSAGES.singleLine(field), abort: true });

/**
 * The text rule of a multi-line field (a description, a reason): line breaks and tab pass, other
 * control characters and bidirectional controls are refused.
 *
 * @example
 * const description = z.string().trim().check(multiLine('Description')).min(20);
 */
export const multiLine = (field: string) => z.refine<string>(isMultiLineText, { error: TEXT_MESSAGES.multiLine(field), abort: true });

/**
 * A required multi-line field (a description, a reason, an address): trimmed, held to the
 * multi-line text rule, then `min` to `max` characters; `error` answers a missing or short value,
 * and `tooLong` a long one where it says more (the limit), else `error` again.
 *
 * @example
 * const reason = multiLineText('Reason', { min: 5, max: 1000 }, 'Please give a reason of 5 to 1000 characters');
 */
export const multiLineText = (field: string, { min, max }: { min: number; max: number }, error: string, tooLong: string = error) =>
  z.string({ error }).trim().check(multiLine(field)).min(min, { error }).max(max, { error: tooLong });
