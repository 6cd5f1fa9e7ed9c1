import { sql, type Kysely } from 'kysely';
import { DEFAULT_TIER, partnerEarnings, type PartnerCredentials, type PartnerRegistration } from '../../sdk/index';
import type { AppDeps } from '../app';
import type { DB } from '../db/schema';
import { newApiKey, newPartnerId, storedKey } from './api-keys';
import { insertPartner, replacePartnerKey } from './partners.repository';

/**
 * Registers a partner: a new id and API key, of which only the hash and a short prefix are kept.
 * The partner and the partners team are e-mailed (without the key) in the same transaction.
 */
export async function registerPartner(deps: Pick<AppDeps, 'writes' | 'outbox' | 'config'>, input: PartnerRegistration, now: Date): Promise<PartnerCredentials> {
  const partnerId = newPartnerId();
  const apiKey = newApiKey();
  const key = storedKey(apiKey);
  const createdAt = now.toISOString();
  await deps.writes.run(async (trx) => {
    await insertPartner(trx, {
      id: partnerId,
      company_name: input.companyName,
      contact_email: input.contactEmail,
      contact_name: input.contactName,
      website: input.website,
      business_type: input.businessType,
      integration_type: input.integrationType,
      monthly_traffic: input.monthlyTraffic,
      use_case: input.useCase,
      tier: DEFAULT_TIER,
      key_hash: key.hash,
      key_prefix: key.prefix,
      key_created_at: createdAt,
      created_at: createdAt,
    });
    await deps.outbox.enqueue(
      trx,
      [
        { kind: 'partner-welcome', recipient: input.contactEmail, payload: { partnerId } },
        { kind: 'partner-registered', recipient: deps.config.mail.partnersEmail, payload: { partnerId } },
      ],
      now,
    );
  });
  deps.outbox.notify();
  return { success: true, credentials: { partnerId, apiKey } };
}

/** A new key for the partner; the old one stops working at once. */
export async function rotatePartnerKey(db: Kysely<DB>, partnerId: string, now: Date): Promise<PartnerCredentials> {
  const apiKey = newApiKey();
  await replacePartnerKey(db, partnerId, storedKey(apiKey), now.toISOString());
  return { success: true, credentials: { partnerId, apiKey } };
}

const MONTHS_OF_TRENDS = 6;

function monthStart(d: Date, back = 0): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1));
}

/**
 * What a partner's widgets brought: RFQs credited to them, the qualified ones (at least one
 * supplier quoted), this month's earnings under the revenue model, the share of widget loads that
 * became RFQs, the most requested products and six months of trend. Nothing names a buyer.
 */
export async function partnerAnalytics(db: Kysely<DB>, partnerId: string, now: Date) {
  const from = monthStart(now, MONTHS_OF_TRENDS - 1).toISOString();
  const month = sql<string>`substr(rfqs.created_at, 1, 7)`;
  const byMonth = await db
    .selectFrom('rfqs')
    .select([month.as('month'), sql<number>`count(*)`.as('rfqs'), sql<number>`sum(case when rfqs.matched_count > 0 then 1 else 0 end)`.as('qualified')])
    .where('rfqs.partner_id', '=', partnerId)
    .where('rfqs.created_at', '>=', from)
    .groupBy(month)
    .execute();
  const [totals] = await db
    .selectFrom('rfqs')
    .select([sql<number>`count(*)`.as('rfqs'), sql<number>`coalesce(sum(case when rfqs.matched_count > 0 then 1 else 0 end), 0)`.as('qualified')])
    .where('partner_id', '=', partnerId)
    .execute();
  const product = sql<string>`coalesce(catalogue_items.name, categories.name)`;
  const top = await db
    .selectFrom('rfqs')
    .innerJoin('categories', 'categories.id', 'rfqs.category_id')
    .leftJoin('catalogue_items', 'catalogue_items.id', 'rfqs.catalogue_item_id')
    .select([product.as('product'), sql<number>`count(*)`.as('rfqs')])
    .where('rfqs.partner_id', '=', partnerId)
    .groupBy(product)
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(product)
    .limit(5)
    .execute();
  const thisMonth = monthStart(now).toISOString().slice(0, 7);
  const [loads] = await db
    .selectFrom('widget_loads')
    .select(sql<number>`coalesce(sum(loads), 0)`.as('loads'))
    .where('partner_id', '=', partnerId)
    .where('day', '>=', `${thisMonth}-01`)
    .execute();
  const counts = new Map(byMonth.map((m) => [m.month, { rfqs: Number(m.rfqs), qualified: Number(m.qualified) }]));
  const monthlyTrends = Array.from({ length: MONTHS_OF_TRENDS }, (_, i) => {
    const m = monthStart(now, MONTHS_OF_TRENDS - 1 - i).toISOString().slice(0, 7);
    const c = counts.get(m) ?? { rfqs: 0, qualified: 0 };
    return { month: m, rfqs: c.rfqs, qualifiedRfqs: c.qualified, revenue: partnerEarnings({ qualifiedRfqs: c.qualified }) };
  });
  const current = counts.get(thisMonth) ?? { rfqs: 0, qualified: 0 };
  const widgetLoads = Number(loads?.loads ?? 0);
  return {
    partnerId,
    totalRfqs: Number(totals?.rfqs ?? 0),
    qualifiedRfqs: Number(totals?.qualified ?? 0),
    month: thisMonth,
    monthRfqs: current.rfqs,
    monthQualifiedRfqs: current.qualified,
    revenue: partnerEarnings({ qualifiedRfqs: current.qualified }),
    widgetLoads,
    conversionRate: widgetLoads === 0 ? null : Math.round((current.rfqs / widgetLoads) * 1000) / 10,
    topProducts: top.map((t) => ({ product: t.product, rfqs: Number(t.rfqs) })),
    monthlyTrends,
  };
}
