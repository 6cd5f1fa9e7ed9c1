/**
 * The company's details and marketing claims. They are stated once, in `sdk/content.ts`, which
 * the server's PDFs read too; the portal imports them from here.
 */
export { CLAIMS, COMPANY, VISION_PHASES } from '../../sdk/content';
