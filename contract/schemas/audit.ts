import { z } from 'zod';
import { strictQuery, wholeNumber } from './query';

/**
 * The audit log of staff writes: the actions it records and how it words them, and its call.
 * Staff calls: not part of the published package.
 *
 * @module
 */

/**
 * The query of `GET /api/admin/audit`: how many of the latest entries (20, at most 100).
 *
 * @example
 * auditQuerySchema.parse({ limit: '50' });
 */
export const auditQuerySchema = z.strictObject({ limit: wholeNumber('limit', 1, 100).default(20) }, strictQuery);

/**
 * Every kind of staff write the audit log records, with what the log says the person did.
 *
 * @example
 * AUDIT_ACTIONS['share-links.create']; // 'created a share link'
 */
export const AUDIT_ACTIONS = {
  'suppliers.import': 'imported suppliers',
  'products.import': 'imported products',
  'bulk.import': 'imported suppliers and products',
  'suppliers.standing': 'changed a supplier’s standing',
  'suppliers.invite': 'invited a supplier’s user',
  'supplier-users.disable': 'disabled a supplier’s user',
  'supplier-users.enable': 'enabled a supplier’s user',
  'scraping.start': 'started a crawl',
  'scraping.simulate': 'ran the scraper demonstration',
  'scraping.stop': 'stopped a crawl',
  'scraping.directories': 'changed the saved directories',
  'scraping.approve': 'approved a find of the scraper',
  'scraping.reject': 'rejected a find of the scraper',
  'finance.close-month': 'closed a month',
  'payouts.paid': 'recorded a payout paid',
  'finance.reverse-fee': 'reversed a success fee',
  'prospects.create': 'added a prospect',
  'prospects.update': 'updated a prospect',
  'prospects.delete': 'deleted a prospect',
  'prospects.import': 'imported prospects',
  'activities.log': 'logged a sales activity',
  'share-links.create': 'created a share link',
  'share-links.revoke': 'revoked a share link',
  'supplier-applications.approve': 'approved a supplier application',
  'supplier-applications.reject': 'rejected a supplier application',
} as const;
/**
 * One of {@link AUDIT_ACTIONS}.
 *
 * @example
 * const action: AuditAction = 'prospects.update';
 */
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/**
 * What the audit log says a staff member did, for an action it records (or the action's own
 * name, spaced, for one recorded before this version named it).
 *
 * @example
 * auditActionText('prospects.import'); // 'imported prospects'
 */
export function auditActionText(action: string): string {
  return Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as AuditAction] : `made a change (${action.replace(/[.-]/g, ' ')})`;
}

/**
 * One staff write: who (by name), what (one of {@link AUDIT_ACTIONS}), how many rows, a short
 * note, and when.
 *
 * @example
 * auditEntrySchema.parse(json.entries[0]).action;
 */
const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  rows: z.number().int(),
  detail: z.string(),
  staffName: z.string(),
  createdAt: z.string(),
});

/**
 * The answer to `GET /api/admin/audit`: the latest staff writes, newest first.
 *
 * @example
 * const { entries } = auditLogSchema.parse(await res.json());
 */
export const auditLogSchema = z.object({ entries: z.array(auditEntrySchema) });
/**
 * The latest audit entries.
 *
 * @example
 * const log: AuditLog = await admin.audit(20);
 */
export type AuditLog = z.infer<typeof auditLogSchema>;
