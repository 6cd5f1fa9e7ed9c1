import { z } from 'zod';

/**
 * The one error body every Procura API answers with on a non-2xx status.
 *
 * @example
 * const body = errorBodySchema.parse(await response.json());
 * console.log(body.error.code, body.error.message);
 */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});

/**
 * Parsed error body of a failed API call.
 *
 * @example
 * const { error }: ErrorBody = errorBodySchema.parse(await res.json());
 * console.error(error.code, error.message);
 */
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Field messages of a validation error: `details.fields` maps a field name to its message.
 *
 * @example
 * if (body.error.code === 'validation_error') {
 *   const { fields } = validationDetailsSchema.parse(body.error.details);
 * }
 */
export const validationDetailsSchema = z.object({
  fields: z.record(z.string(), z.string()),
});

/**
 * An amount in rand, rounded to the cent.
 *
 * @example
 * const total = randSchema.parse(quote.totalPrice); // rand, e.g. 860.5
 */
export const randSchema = z.number();

/**
 * A calendar date, `YYYY-MM-DD`.
 *
 * @example
 * isoDateSchema.parse('2026-11-22');
 */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * A UTC date-time in ISO 8601.
 *
 * @example
 * new Date(isoDateTimeSchema.parse(rfq.createdAt));
 */
export const isoDateTimeSchema = z.string();
