/**
 * `procura`: a typed client of Procura's API ({@link createClient}), its errors, and the zod
 * schemas of every request and response, the same ones the server checks.
 *
 * @example
 * import { createClient, isHttpError } from 'procura';
 *
 * const procura = createClient({ baseUrl: 'https://procura.example' });
 * const rfq = await procura.rfq.get('123456789012345678');
 *
 * @packageDocumentation
 * @module procura
 */
export * from './version';
export * from './client/client';
export * from './client/forms';
export * from './client/transport';
export * from './client/errors';
export * from './rules';
export * from './format';
export * from './email';
export * from './text';
export * from './numbers';
export * from './partner-rules';
export * from './order-rules';
export * from './bbee';
export * from './schemas/common';
export * from './schemas/text';
export * from './schemas/rfq';
export * from './schemas/supplier-responses';
export * from './schemas/catalogue';
export * from './schemas/embed';
export * from './revenue';
export * from './data-api';
export * from './schemas/partners';
export * from './schemas/data';
export * from './schemas/site';
export * from './schemas/mini';
export * from './schemas/openapi';
