import { bbeeEvidenceText, type BbeeStanding } from '../../../sdk/bbee';
import { formatDate, johannesburgToday } from '../../../sdk/format';

/** How many days before its expiry the workspace, and the one e-mail, remind the supplier. */
const REMINDER_DAYS = 30;

/**
 * What the workspace tells a supplier of its B-BBEE evidence on `today` (a Johannesburg day): that
 * it expired and reads non-compliant, that it expires within 30 days, or nothing.
 */
function bbeeExpiryText(bbee: BbeeStanding, today: string): string | null {
  if (!bbee.expiresOn || !bbee.evidence) return null;
  const evidence = bbeeEvidenceText(bbee.evidence);
  if (bbee.status === 'expired')
    return `Your B-BBEE ${evidence} expired on ${formatDate(bbee.expiresOn)}. Buyers now see you as non-compliant, and their spend with you counts as no recognised B-BBEE spend, until you give your new level and its expiry below.`;
  const days = Math.round((Date.parse(`${bbee.expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  if (bbee.status !== 'valid' || days > REMINDER_DAYS) return null;
  const when = days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
  return `Your B-BBEE ${evidence} expires on ${formatDate(bbee.expiresOn)}, ${when}. From the day after, buyers see you as non-compliant: give your new level and its expiry below before then.`;
}

/** The notice above the supplier's details while its B-BBEE evidence has expired or expires within 30 days. */
export function BbeeExpiryNotice({ bbee }: { bbee: BbeeStanding }) {
  const text = bbeeExpiryText(bbee, johannesburgToday());
  return text ? (
    <p className="notice" role="note">
      {text}
    </p>
  ) : null;
}
