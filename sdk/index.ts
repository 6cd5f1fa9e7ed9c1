/**
 * Procura's contract: the schemas of every request and response, shared by the server,
 * the portal, the widget and API clients.
 *
 * @packageDocumentation
 */
export * from './rules';
export * from './schemas/common';
export * from './schemas/rfq';
export * from './schemas/catalogue';
export * from './schemas/embed';
export * from './revenue';
export * from './data-api';
export * from './schemas/partners';
export * from './schemas/data';
