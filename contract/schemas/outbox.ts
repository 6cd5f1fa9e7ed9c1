/**
 * The e-mail outbox as staff see it: how many e-mails are in each state and how long the oldest
 * one still to send has waited. A staff call (role admin): not part of the published package.
 *
 * @module
 */
import { z } from 'zod';

/**
 * An e-mail's state in the outbox: `pending` waits for its (next) attempt, `sending` is on its
 * way, `sent` was accepted by the SMTP server, `held` is kept because no SMTP server is
 * configured, `dead` was given up.
 *
 * @example
 * OUTBOX_STATUSES.includes('dead'); // true
 */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'held', 'dead'] as const;
/**
 * One of {@link OUTBOX_STATUSES}.
 *
 * @example
 * const status: OutboxStatus = 'pending';
 */
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

const count = z.number().int().nonnegative();

/**
 * `GET /api/admin/outbox`: e-mails by state, and the age in whole seconds of the oldest one not
 * yet sent (pending or being sent), null when none waits.
 *
 * @example
 * const { depth, oldestPendingSeconds } = outboxDepthSchema.parse(await res.json());
 */
export const outboxDepthSchema = z.object({
  depth: z.object({ pending: count, sending: count, sent: count, held: count, dead: count }),
  oldestPendingSeconds: count.nullable(),
  /** Where held e-mails are read: the development mailbox's path, null in production, which has none. */
  mailbox: z.string().nullable().default(null),
});
/**
 * The answer of `GET /api/admin/outbox`.
 *
 * @example
 * const outbox: OutboxDepth = { depth: { pending: 2, sending: 1, sent: 40, held: 0, dead: 0 }, oldestPendingSeconds: 12, mailbox: null };
 */
export type OutboxDepth = z.infer<typeof outboxDepthSchema>;
