/** What the intent score of an RFQ reads. */
export interface IntentInput {
  budgetRange?: string | null;
  companyName?: string | null;
  quantity: number;
  contactName?: string | null;
  additionalEmails: readonly string[];
}

/**
 * How ready the buyer of an RFQ looks to order, 0-100: 20, plus 25 with a budget band, 20 with a
 * company name, 15 for 100 or more units, 10 with a contact name, 10 when colleagues are copied
 * in. Stored with the RFQ, so it outlives the personal data it reads.
 */
export function intentScore(rfq: IntentInput): number {
  return (
    20 +
    (rfq.budgetRange ? 25 : 0) +
    (rfq.companyName ? 20 : 0) +
    (rfq.quantity >= 100 ? 15 : 0) +
    (rfq.contactName ? 10 : 0) +
    (rfq.additionalEmails.length > 0 ? 10 : 0)
  );
}
