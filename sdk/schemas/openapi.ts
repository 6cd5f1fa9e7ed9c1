import { z } from 'zod';

/**
 * One operation of the API's OpenAPI document, as far as a reader of the reference needs it.
 * Other OpenAPI fields are kept as they come.
 *
 * @example
 * openApiOperationSchema.parse(doc.paths['/api/rfq'].post).summary;
 */
export const openApiOperationSchema = z.looseObject({
  summary: z.string(),
  description: z.string().optional(),
  tags: z.array(z.string()),
  parameters: z
    .array(
      z.looseObject({
        name: z.string().optional(),
        in: z.string().optional(),
        required: z.boolean().optional(),
        description: z.string().optional(),
        $ref: z.string().optional(),
      }),
    )
    .optional(),
  requestBody: z.unknown().optional(),
  security: z.array(z.unknown()),
  responses: z.record(z.string(), z.looseObject({ description: z.string() })),
});
/**
 * One operation of the OpenAPI document.
 *
 * @example
 * const post: OpenApiOperation | undefined = doc.paths['/api/rfq']?.post;
 */
export type OpenApiOperation = z.infer<typeof openApiOperationSchema>;

/**
 * The OpenAPI 3.1 document the server answers at `GET /api/openapi.json`: its version, tags and
 * operations by path and method. Other OpenAPI fields are kept as they come.
 *
 * @example
 * const doc = openApiDocumentSchema.parse(await (await fetch('/api/openapi.json')).json());
 * doc.tags.map((t) => t.name); // ['Quotes', 'Catalogue', …]
 */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  tags: z.array(z.object({ name: z.string(), description: z.string() })),
  paths: z.record(z.string(), z.record(z.string(), openApiOperationSchema)),
});
/**
 * The OpenAPI document.
 *
 * @example
 * const doc: OpenApiDocument = await procura.openapi();
 */
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
