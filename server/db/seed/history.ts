import { createHash } from 'node:crypto';
import type { Insertable, Transaction } from 'kysely';
import { addDays, johannesburgDay } from '../../domain/calendar';
import type { DB, OrderReceiptsTable, PurchaseOrdersTable, QuotesTable, RfqsTable } from '../schema';
import { CATALOGUE, CITIES } from './data';
import { insertChunked } from './insert';
import { createRng } from './rng.mjs';
import type { SupplierSeed } from './suppliers';

const itemsById = new Map(CATALOGUE.map((i) => [i.id, i]));
const citiesById = new Map(CITIES.map((c) => [c.id, c]));

/**
 * Writes each seeded supplier's past orders as Procura records any order: a request from a buyer
 * in its home city for one of its products, its quote (accepted), the purchase order it confirmed
 * and delivered, and the buyer's receipt. Its figures are then computed from these rows, as every
 * supplier's are. The buyers are fictional (`.example` addresses) and their requests are marked as
 * having had their personal data deleted, as the retention sweep leaves old requests.
 */
export async function seedHistory(trx: Transaction<DB>, suppliers: readonly SupplierSeed[], now: Date): Promise<void> {
  const rng = createRng(20_261_207);
  const today = johannesburgDay(now.getTime());
  const rfqs: Insertable<RfqsTable>[] = [];
  const quotes: (Insertable<QuotesTable> & { id: number })[] = [];
  const orders: (Insertable<PurchaseOrdersTable> & { id: number })[] = [];
  const receipts: Insertable<OrderReceiptsTable>[] = [];
  const perYear = new Map<number, number>();
  for (const s of suppliers) {
    s.history.forEach((past, n) => {
      const offer = s.offers[n % s.offers.length];
      const item = offer ? itemsById.get(offer.itemId) : undefined;
      if (!offer || !item) return;
      const city = citiesById.get(s.homeCityId)!;
      const issuedOn = addDays(today, -past.daysAgo);
      const at = `${issuedOn}T08:00:00.000Z`;
      const promisedOn = addDays(issuedOn, past.leadMaxDays);
      const receivedOn = past.onTime ? promisedOn : addDays(promisedOn, 1 + (n % 4));
      const quantity = Math.max(offer.minimumOrderQuantity, 10 * (1 + (n % 9)));
      const totalCents = offer.unitPriceCents * quantity;
      const vatCents = Math.round(totalCents * 0.15);
      const rfqId = `9${String(s.id).padStart(6, '0')}${String(n).padStart(4, '0')}${String(rng.int(0, 99_999)).padStart(5, '0')}`;
      const quoteId = quotes.length + 1;
      const year = Number(issuedOn.slice(0, 4));
      const number = (perYear.get(year) ?? 0) + 1;
      perYear.set(year, number);
      rfqs.push({
        id: rfqId,
        product_name: item.name,
        product_description: '',
        quantity,
        unit: item.unit,
        budget_range: null,
        supplier_count: 1,
        matched_count: 1,
        matching_message: '',
        delivery_location: `${city.name}, ${city.province}`,
        city_id: city.id,
        catalogue_item_id: item.id,
        category_id: item.categoryId,
        primary_email: '',
        additional_emails: '[]',
        company_name: null,
        contact_name: null,
        embed_id: null,
        embed_source: null,
        partner_id: null,
        referrer_host: null,
        partner_credit: null,
        client_timestamp: null,
        created_at: at,
        rfq_ref: `r_${createHash('sha256').update(rfqId).digest('hex').slice(0, 20)}`,
        intent_score: 50,
        personal_data_deleted_at: at,
        status: 'awarded',
        status_changed_at: at,
        awarded_quote_id: quoteId,
      });
      quotes.push({
        id: quoteId,
        rfq_id: rfqId,
        supplier_id: s.id,
        rank: 1,
        pricing_basis: 'price-list',
        list_unit_price_cents: offer.unitPriceCents,
        unit_price_cents: offer.unitPriceCents,
        discount_percent: 0,
        total_cents: totalCents,
        vat_rate: 0.15,
        vat_cents: vatCents,
        total_incl_vat_cents: totalCents + vatCents,
        minimum_order_quantity: offer.minimumOrderQuantity,
        lead_min_days: Math.max(1, past.leadMaxDays - 1),
        lead_max_days: past.leadMaxDays,
        payment_terms: s.paymentTerms,
        validity_days: s.validityDays,
        valid_until: addDays(issuedOn, s.validityDays),
        price_list_date: s.priceListDate,
        notes: '',
        competitive_position: 'best-balance',
        price_difference: 0,
        quality_score: 0,
        reliability_rating: 0,
        risk_level: 'medium',
        recommendation: '',
        // No one holds a link to these quotes: the hash is of nothing a token carries.
        tracking_secret_hash: createHash('sha256').update(`seeded-history-${rfqId}`).digest('hex'),
        first_viewed_at: null,
        last_viewed_at: null,
        created_at: at,
        status: 'accepted',
        status_changed_at: at,
        accepted_at: at,
      });
      orders.push({
        id: orders.length + 1,
        po_number: `PO-${year}-${String(number).padStart(6, '0')}`,
        rfq_id: rfqId,
        quote_id: quoteId,
        issued_on: issuedOn,
        supplier_json: JSON.stringify({ name: s.name, registeredAddress: null, vatNumber: null, email: s.email, phone: s.phone }),
        confirmed_on: issuedOn,
        promised_on: promisedOn,
        delivered_on: receivedOn,
        created_at: at,
      });
      receipts.push({
        purchase_order_id: orders.length,
        supplier_id: s.id,
        received_on: receivedOn,
        on_time: past.onTime ? 1 : 0,
        in_full: past.inFull ? 1 : 0,
        rating: past.rating,
        comment: null,
        counted: 1,
        created_at: `${receivedOn}T12:00:00.000Z`,
      });
    });
  }
  await insertChunked(trx, 'rfqs', rfqs);
  await insertChunked(trx, 'quotes', quotes);
  await insertChunked(trx, 'purchase_orders', orders);
  await insertChunked(trx, 'order_receipts', receipts);
  if (perYear.size > 0) {
    await insertChunked(
      trx,
      'purchase_order_counters',
      [...perYear].map(([year, last]) => ({ year, last_number: last })),
    );
  }
}
