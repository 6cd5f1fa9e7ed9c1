import type { Dialect } from '../db/database';
import type { Executor } from '../db/executor';
import { outboxRows, type OutboxMessage } from './messages';
import { findOpenLeadDigest, insertOutboxRows, setOutboxPayload } from './outbox.repository';

/** A quote's lead, where it goes and how its supplier takes leads (0 each as it comes, or a digest every so many minutes). */
export interface LeadRecipient {
  quoteId: number;
  supplierEmail: string;
  digestMinutes: number;
}

/** Most leads one digest lists; the next starts another. */
const DIGEST_MAX_LEADS = 50;
/** A digest due within this long takes no more leads: a worker may be claiming it. */
const DIGEST_CLOSING_MS = 60_000;

/**
 * Writes a request's leads: an e-mail each for the suppliers that take leads as they come, one
 * statement for all of them; for a supplier that takes a digest, the lead joins its digest still
 * gathering, or starts one, due when the supplier's window has passed. A digest lists each lead
 * with its own link, as its own e-mail would have had.
 */
export async function writeLeads(
  trx: Executor,
  dialect: Dialect,
  rfqId: string,
  leads: LeadRecipient[],
  { messageIdDomain, now, held }: { messageIdDomain: string; now: string; held: boolean },
): Promise<void> {
  const each = leads.filter((l) => l.digestMinutes === 0);
  if (each.length > 0) {
    const messages = each.map((q): OutboxMessage => ({ kind: 'supplier-lead', recipient: q.supplierEmail, payload: { rfqId, quoteId: q.quoteId } }));
    await insertOutboxRows(trx, outboxRows(messages, { messageIdDomain, now, held }));
  }
  const nowMs = Date.parse(now);
  for (const lead of leads) {
    if (lead.digestMinutes === 0) continue;
    const entry = { rfqId, quoteId: lead.quoteId };
    const open = await findOpenLeadDigest(trx, dialect, {
      recipient: lead.supplierEmail,
      status: held ? 'held' : 'pending',
      openAfter: new Date(nowMs + DIGEST_CLOSING_MS).toISOString(),
    });
    const payload = open ? (JSON.parse(open.payload) as Extract<OutboxMessage, { kind: 'supplier-lead-digest' }>['payload']) : undefined;
    if (open && payload && payload.leads.length < DIGEST_MAX_LEADS) {
      await setOutboxPayload(trx, open.id, JSON.stringify({ ...payload, leads: [...payload.leads, entry] }));
      continue;
    }
    const digest: OutboxMessage = {
      kind: 'supplier-lead-digest',
      recipient: lead.supplierEmail,
      payload: { windowMinutes: lead.digestMinutes, leads: [entry] },
    };
    const sendAt = new Date(nowMs + lead.digestMinutes * 60_000).toISOString();
    await insertOutboxRows(trx, outboxRows([digest], { messageIdDomain, now, held, sendAt }));
  }
}
