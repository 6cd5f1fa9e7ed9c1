import type { Kysely } from 'kysely';
import { DEFAULT_TIER } from '../../contract/data-api';
import { partnerEarnings, payouts, type RevenueModel } from '../../contract/revenue';
import type { PartnerAnalytics, PartnerCredentials, PartnerHosts, PartnerProfile, PartnerRegistration } from '../../sdk/schemas/partners';
import type { Config } from '../config';
import type { GroupCommit } from '../db/group-commit';
import { ApiError } from '../errors';
import type { Outbox } from '../mail/outbox';
import type { DB } from '../db/schema';
import type { Executor } from '../db/executor';
import { newApiKey, newPartnerId, storedKey } from './api-keys';
import {
  countPartnerHosts,
  deletePartnerHost,
  findPartnerProfile,
  insertPartner,
  insertPartnerHost,
  partnerExists,
  partnerHosts,
  partnerRfqsByMonth,
  partnerRfqTotals,
  partnerTopProducts,
  partnerWidgetLoads,
  replacePartnerKey,
  uncreditedHosts,
} from './partners.repository';
import { mayMailMailbox } from '../mail/guard';

/** Most partner welcome e-mails one mailbox receives in 24 hours, whoever registers with it. */
const WELCOME_EMAILS_PER_DAY = 3;

/** What registering a partner needs: its write and the e-mails it sends. */
export interface RegistrationDeps {
  writes: GroupCommit;
  outbox: Outbox;
  config: Pick<Config, 'mail'>;
}

/**
 * Registers a partner: a new id and API key, of which only the hash and a short prefix are kept.
 * The partner and the partners team are e-mailed (without the key) in the same transaction.
 */
export async function registerPartner(deps: RegistrationDeps, input: PartnerRegistration, now: Date): Promise<PartnerCredentials> {
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
    // The registered website's pages are the partner's first host; the schema allows only http(s) URLs.
    await insertPartnerHost(trx, partnerId, new URL(input.website).host, createdAt);
    // Anyone can register with anyone's address: a mailbox gets at most a few welcomes a day.
    const welcome = await mayMailMailbox(trx, input.contactEmail, 'registration_emails', WELCOME_EMAILS_PER_DAY, now);
    await deps.outbox.enqueue(
      trx,
      [
        ...(welcome ? [{ kind: 'partner-welcome' as const, recipient: input.contactEmail, payload: { partnerId } }] : []),
        { kind: 'partner-registered', recipient: deps.config.mail.partnersEmail, payload: { partnerId } },
      ],
      now,
    );
  });
  deps.outbox.notify();
  return { success: true, credentials: { partnerId, apiKey } };
}

/** The signed-in partner's own profile: never the key, only its prefix and age. */
/** Whether a partner of this id is registered and not deleted: what a request naming one is credited by. */
export function isRegisteredPartner(db: Executor, partnerId: string): Promise<boolean> {
  return partnerExists(db, partnerId);
}

export async function partnerProfile(db: Kysely<DB>, partnerId: string): Promise<PartnerProfile> {
  const row = await findPartnerProfile(db, partnerId);
  if (!row) throw new ApiError(404, 'partner_not_found', 'Partner not found');
  return {
    partnerId: row.id,
    companyName: row.company_name,
    tier: row.tier as PartnerProfile['tier'],
    keyPrefix: row.key_prefix,
    keyCreatedAt: row.key_created_at,
  };
}

/** A new key for the partner; the old one stops working at once. */
export async function rotatePartnerKey(db: Kysely<DB>, partnerId: string, now: Date): Promise<PartnerCredentials> {
  const apiKey = newApiKey();
  await replacePartnerKey(db, partnerId, storedKey(apiKey), now.toISOString());
  return { success: true, credentials: { partnerId, apiKey } };
}

const MONTHS_OF_TRENDS = 6;
const TOP_PRODUCTS = 5;

function monthStart(d: Date, back = 0): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1));
}

/** The months from `first` to `last` (YYYY-MM), in order. */
function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let d = new Date(`${first}-01T00:00:00Z`); d.toISOString().slice(0, 7) <= last; d.setUTCMonth(d.getUTCMonth() + 1))
    months.push(d.toISOString().slice(0, 7));
  return months;
}

/**
 * What a partner's widgets brought: RFQs credited to them, the qualified ones (at least one
 * supplier quoted and the buyer showed the address is theirs), the pending ones, the enterprise leads among them (over 100 employees, paid at the enterprise
 * rate) and the awarded ones (the buyer accepted a quote), each counted in the month of the
 * request; each month's earnings under the server's revenue model and its payout, reckoned from
 * the partner's first month (a balance under the minimum payout carries over), the share of widget
 * loads that became RFQs, the most requested products and six months of trend. Nothing names a buyer.
 */
export async function partnerAnalytics(db: Kysely<DB>, partnerId: string, now: Date, model: RevenueModel): Promise<PartnerAnalytics> {
  const thisMonth = monthStart(now).toISOString().slice(0, 7);
  const firstShown = monthStart(now, MONTHS_OF_TRENDS - 1)
    .toISOString()
    .slice(0, 7);
  const [byMonth, totals, top, widgetLoads] = await Promise.all([
    partnerRfqsByMonth(db, partnerId),
    partnerRfqTotals(db, partnerId),
    partnerTopProducts(db, partnerId, TOP_PRODUCTS),
    partnerWidgetLoads(db, partnerId, `${thisMonth}-01`),
  ]);
  const counts = new Map(byMonth.map((m) => [m.month, m]));
  const none = { rfqs: 0, qualified: 0, pending: 0, enterprise: 0, awarded: 0 };
  // Months are 'YYYY-MM' text, so the earliest sorts first.
  const first = [firstShown, ...byMonth.map((m) => m.month)].sort()[0]!;
  const months = monthsBetween(first, thisMonth);
  const earned = months.map((m) => {
    const c = counts.get(m) ?? none;
    return partnerEarnings({ qualifiedRfqs: c.qualified, enterpriseLeads: c.enterprise }, model);
  });
  const paid = payouts(earned, model.minimumPayout);
  const monthlyTrends = months.slice(-MONTHS_OF_TRENDS).map((m, i) => {
    const c = counts.get(m) ?? none;
    return {
      month: m,
      rfqs: c.rfqs,
      qualifiedRfqs: c.qualified,
      pendingRfqs: c.pending,
      enterpriseLeads: c.enterprise,
      awardedRfqs: c.awarded,
      ...paid[months.length - MONTHS_OF_TRENDS + i]!,
    };
  });
  const current = counts.get(thisMonth) ?? none;
  const currentPayout = paid.at(-1)!;
  return {
    partnerId,
    totalRfqs: totals.rfqs,
    qualifiedRfqs: totals.qualified,
    month: thisMonth,
    monthRfqs: current.rfqs,
    monthQualifiedRfqs: current.qualified,
    pendingRfqs: totals.pending,
    monthPendingRfqs: current.pending,
    enterpriseLeads: totals.enterprise,
    monthEnterpriseLeads: current.enterprise,
    awardedRfqs: totals.awarded,
    monthAwardedRfqs: current.awarded,
    revenue: currentPayout.revenue,
    carriedIn: currentPayout.carriedIn,
    balance: Math.round((currentPayout.carriedIn + currentPayout.revenue) * 100) / 100,
    revenueModel: { ...model },
    widgetLoads,
    conversionRate: widgetLoads === 0 ? null : Math.round((current.rfqs / widgetLoads) * 1000) / 10,
    topProducts: top,
    monthlyTrends,
  };
}

/** A partner may credit at most this many hosts; the list is for its own sites, not a directory. */
const MAX_PARTNER_HOSTS = 50;
const UNCREDITED_HOSTS_SHOWN = 20;

/** The partner's hosts and the hosts that sent it uncredited widget RFQs. */
export async function listPartnerHosts(db: Kysely<DB>, partnerId: string): Promise<PartnerHosts> {
  const [hosts, uncredited] = await Promise.all([partnerHosts(db, partnerId), uncreditedHosts(db, partnerId, UNCREDITED_HOSTS_SHOWN)]);
  return { hosts: hosts.map((h) => ({ host: h.host, addedAt: h.created_at })), uncreditedHosts: uncredited };
}

/** Credits the partner's widget RFQs from one more host, from now on. */
export async function addPartnerHost(db: Kysely<DB>, partnerId: string, host: string, now: Date): Promise<PartnerHosts> {
  if ((await countPartnerHosts(db, partnerId)) >= MAX_PARTNER_HOSTS) {
    throw new ApiError(409, 'host_limit', `A partner can list at most ${MAX_PARTNER_HOSTS} hosts. Remove one you no longer use first.`);
  }
  if (!(await insertPartnerHost(db, partnerId, host, now.toISOString()))) throw new ApiError(409, 'host_exists', `${host} is already one of your hosts.`);
  return listPartnerHosts(db, partnerId);
}

/** Stops crediting widget RFQs from a host; RFQs already credited stay credited. */
export async function removePartnerHost(db: Kysely<DB>, partnerId: string, host: string): Promise<PartnerHosts> {
  if (!(await deletePartnerHost(db, partnerId, host))) throw new ApiError(404, 'host_not_found', `${host} is not one of your hosts.`);
  return listPartnerHosts(db, partnerId);
}
