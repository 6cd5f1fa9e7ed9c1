// A returning buyer's repeat of an earlier request: the same product or lines, unit, city and
// contact sent again as a new request, through the very path of POST /api/rfq.
import { BUYER_MESSAGES } from '../../../contract/schemas/buyer';
import { rfqBasketSubmissionSchema, rfqSubmissionSchema } from '../../../sdk/schemas/rfq';
import type { Executor } from '../../db/executor';
import { ApiError, invalidFields, validationError } from '../../errors';
import { lineNoOf } from './basket.mapper';
import { submitBasket } from './basket.service';
import type { SubmitResult } from './idempotency';
import type { RfqDeps } from './new-request';
import { ASKED_COLUMNS } from './rfq.repository';
import { submitRfq } from './rfq.service';

/** The request `rfqId` as its owner `email` made it, with its lines; undefined when it is not theirs or its personal data is gone. */
async function ownRequest(db: Executor, rfqId: string, email: string) {
  const row = await db
    .selectFrom('rfqs')
    .select(['id', ...ASKED_COLUMNS, 'supplier_count', 'additional_emails', 'line_count'])
    .where('id', '=', rfqId)
    .where((eb) => eb(eb.fn('lower', ['primary_email']), '=', email.toLowerCase()))
    .where('primary_email', '!=', '')
    .where('personal_data_deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const lines =
    row.line_count === 0
      ? []
      : await db
          .selectFrom('rfq_lines')
          .select(['line_no', 'product_name', 'product_description', 'quantity', 'unit'])
          .where('rfq_id', '=', rfqId)
          .orderBy('line_no')
          .execute();
  return { row, lines };
}

/**
 * Sends again the request `rfqId` that `email` made, with `quantities` by line id (`L1` for a
 * single product's) replacing the stored ones, as `POST /api/rfq` would with the same key: the
 * same checks, rate of e-mails and answer. 404 when the request is not the address's own.
 */
export async function repeatRequest(
  deps: RfqDeps,
  email: string,
  rfqId: string,
  quantities: Record<string, number>,
  idempotencyKey: string | undefined,
  now: Date,
): Promise<SubmitResult> {
  const found = await ownRequest(deps.database.db, rfqId, email);
  if (!found) throw new ApiError(404, 'rfq_not_found', BUYER_MESSAGES.requestNotFound);
  const { row, lines } = found;
  const lineCount = Math.max(lines.length, 1);
  const unknown = Object.keys(quantities).filter((id) => !(lineNoOf(id) >= 0 && lineNoOf(id) < lineCount));
  if (unknown.length > 0) throw invalidFields(Object.fromEntries(unknown.map((id) => [`quantities.${id}`, BUYER_MESSAGES.lineId])));
  const additional = (JSON.parse(row.additional_emails) as string[]).join(', ');
  const sender = {
    supplierCount: row.supplier_count,
    deliveryLocation: row.delivery_location,
    primaryEmail: row.primary_email,
    ...(additional ? { additionalEmails: additional } : {}),
    ...(row.company_name ? { companyName: row.company_name } : {}),
    ...(row.contact_name ? { contactName: row.contact_name } : {}),
    ...(row.company_size ? { companySize: row.company_size } : {}),
    agreeTerms: true,
  };
  const quantityOf = (lineNo: number, stored: number) => quantities[`L${lineNo + 1}`] ?? stored;
  if (lines.length > 0) {
    const parsed = rfqBasketSubmissionSchema.safeParse({
      ...sender,
      lines: lines.map((l) => ({
        productName: l.product_name,
        ...(l.product_description ? { productDescription: l.product_description } : {}),
        quantity: quantityOf(l.line_no, l.quantity),
        unit: l.unit,
      })),
    });
    if (!parsed.success) throw validationError(parsed.error);
    return submitBasket(deps, parsed.data, idempotencyKey, now);
  }
  const parsed = rfqSubmissionSchema.safeParse({
    ...sender,
    productName: row.product_name,
    productDescription: row.product_description,
    quantity: quantityOf(0, row.quantity),
    unit: row.unit,
  });
  if (!parsed.success) throw validationError(parsed.error);
  return submitRfq(deps, parsed.data, idempotencyKey, now);
}
