/**
 * The company's details, the marketing claims and the compliance checklists. They are stated
 * once, in `contract/content.ts`, which the server's PDFs read too; the portal imports them from here.
 */
export * from '../../contract/content';
