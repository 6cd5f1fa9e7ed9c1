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

/** Parsed error body of a failed API call. */
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

/** An amount in rand, rounded to the cent. */
export const randSchema = z.number();

/** A calendar date, `YYYY-MM-DD`. */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A UTC date-time in ISO 8601. */
export const isoDateTimeSchema = z.string();
