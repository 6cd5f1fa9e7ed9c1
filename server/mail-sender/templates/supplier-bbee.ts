// The one reminder that a supplier's B-BBEE evidence expires: sent 30 days before, so it can send
// its new level before quotes and paperwork read it as non-compliant.
import type { Kysely } from 'kysely';
import { bbeeEvidenceText } from '../../../sdk/bbee';
import { formatDate } from '../../../sdk/format';
import type { DB } from '../../db/schema';
import type { OutboxMessage } from '../../mail/messages';
import { detailsEmail, type Email } from './layout';

interface BbeeReminderInput {
  supplierName: string;
  level: number;
  evidence: 'certificate' | 'affidavit';
  expiresOn: string;
  workspaceUrl: string;
}

/** The reminder: the level on file, its expiry, what follows from the day after, and where to send the new one. */
function supplierBbeeReminderEmail(input: BbeeReminderInput): Email {
  const expires = formatDate(input.expiresOn);
  const subject = `Procura: your B-BBEE ${input.evidence} expires on ${expires}`;
  const intro = `The B-BBEE level ${input.level} ${bbeeEvidenceText(input.evidence)} Procura has on file for ${input.supplierName} expires on ${expires}. From the day after, ${input.supplierName}'s quotes and paperwork show it as non-compliant, and buyers' spend with it counts as no recognised B-BBEE spend. Give Procura your new level and its expiry before then.`;
  return detailsEmail(
    subject,
    intro,
    [
      ['B-BBEE level on file', String(input.level)],
      ['Evidence', bbeeEvidenceText(input.evidence)],
      ['Expires on', expires],
    ],
    { url: input.workspaceUrl, label: 'Update your B-BBEE details' },
  );
}

/**
 * The reminder of a stored message, read from the supplier as it is now; a string says why there
 * is none (the supplier is gone, or its evidence was renewed or dropped since it was written).
 */
export async function bbeeReminderEmail(
  db: Kysely<DB>,
  publicUrl: string,
  message: Extract<OutboxMessage, { kind: 'supplier-bbee-reminder' }>,
): Promise<Email | string> {
  const s = await db
    .selectFrom('suppliers')
    .select(['name', 'bbee_level', 'bbee_evidence', 'bbee_expires_on'])
    .where('id', '=', message.payload.supplierId)
    .executeTakeFirst();
  if (!s) return `Supplier ${message.payload.supplierId} no longer exists`;
  const evidence = s.bbee_evidence === 'certificate' || s.bbee_evidence === 'affidavit' ? s.bbee_evidence : null;
  if (s.bbee_level === null || s.bbee_level < 1 || evidence === null || s.bbee_expires_on !== message.payload.expiresOn)
    return 'The B-BBEE evidence this reminder was written for is no longer on file';
  return supplierBbeeReminderEmail({
    supplierName: s.name,
    level: s.bbee_level,
    evidence,
    expiresOn: s.bbee_expires_on,
    workspaceUrl: `${publicUrl}/supplier`,
  });
}
