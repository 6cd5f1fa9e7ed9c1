import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { embedRfqSchema, EmbedRfqResponse, RecentEmbedRfqs, WidgetLoad } from '../../sdk/schemas/embed';
import type { RfqSubmitResponse } from '../../sdk/schemas/rfq';
import type { DB } from '../db/schema';
import { ApiError, invalidFields } from '../errors';
import { isRegisteredPartner } from '../partners/partners.service';
import { referrerHost, type RfqDeps } from '../requests/rfq/new-request';
import { submitRfq } from '../requests/rfq/rfq.service';
import { countWidgetLoad, recentEmbedRfqs } from './embed.repository';

/** How many recent embedded requests the Live Data tab shows. */
const RECENT_LIMIT = 10;

type EmbedRfq = z.infer<typeof embedRfqSchema>;
/** The embed form asks no supplier count: its requests go to the default three. */
const EMBED_SUPPLIER_COUNT = 3;

function quantityBand(quantity: number): RecentEmbedRfqs['rfqs'][number]['quantityBand'] {
  return quantity < 10 ? '1-9' : quantity < 100 ? '10-99' : quantity < 1000 ? '100-999' : '1000+';
}

/** The submission's error in the embed form's words: the field it calls `deliveryLocation` is the form's `location`. */
function inEmbedFields(err: unknown): unknown {
  if (!(err instanceof ApiError) || err.code !== 'validation_error') return err;
  const fields = (err.details as { fields?: Record<string, string> } | undefined)?.fields;
  if (fields?.deliveryLocation === undefined) return err;
  const { deliveryLocation, ...rest } = fields;
  return invalidFields({ ...rest, location: deliveryLocation });
}

/**
 * Sends the embed form's request through the same submission as the portal's form; sending it
 * agrees to the terms the form states. Idempotency keys live apart from the portal's.
 */
export async function submitEmbedRfq(deps: RfqDeps, input: EmbedRfq, key: string | undefined, now: Date): Promise<{ status: number; body: EmbedRfqResponse }> {
  const result = await submitRfq(
    deps,
    {
      productName: input.productName,
      productDescription: input.productDescription,
      quantity: input.quantity,
      unit: undefined,
      budgetRange: input.budgetRange,
      supplierCount: EMBED_SUPPLIER_COUNT,
      deliveryLocation: input.location,
      primaryEmail: input.contactEmail,
      additionalEmails: [],
      companyName: input.companyName,
      companySize: input.companySize,
      contactName: undefined,
      agreeTerms: true,
      embedId: input.embedId,
      referrerUrl: input.referrerUrl,
      embedSource: input.source,
      timestamp: undefined,
      partnerId: input.partnerId,
    },
    key === undefined ? undefined : `embed:${key}`,
    now,
  ).catch((err: unknown) => {
    throw inEmbedFields(err);
  });
  const body = result.body as RfqSubmitResponse;
  return {
    status: result.status,
    body: {
      rfqId: body.rfqId,
      matching: body.matching,
      quotes: body.quotes,
      // An answer replayed from before e-mails could be withheld has no delivery: every address was e-mailed.
      emailDelivery: body.emailDelivery ?? { notSent: [] },
      demo: body.demo ?? false,
    },
  };
}

/** The latest embedded requests with only what may be shown publicly: no buyer, a quantity band. */
export async function recentRfqs(db: Kysely<DB>): Promise<RecentEmbedRfqs> {
  const rows = await recentEmbedRfqs(db, RECENT_LIMIT);
  return {
    rfqs: rows.map((r) => ({
      product: r.item ?? r.category,
      category: r.category,
      city: r.city,
      quantityBand: quantityBand(r.quantity),
      receivedAt: `${r.created_at.slice(0, 16)}Z`,
    })),
  };
}

/** Counts a widget load on its day; a load naming an unknown partner is credited to no one. */
export async function recordWidgetLoad(db: Kysely<DB>, load: WidgetLoad, now: Date): Promise<void> {
  const known = load.partnerId !== undefined && (await isRegisteredPartner(db, load.partnerId));
  await countWidgetLoad(db, {
    partnerId: known ? load.partnerId! : '',
    embedId: load.embedId,
    referrerHost: referrerHost(load.referrerUrl) ?? '',
    day: now.toISOString().slice(0, 10),
    compact: load.config?.compact ?? false,
    theme: load.config?.theme ?? 'light',
    hideProcuraBranding: load.config?.hideProcuraBranding ?? false,
  });
}
