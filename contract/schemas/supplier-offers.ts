/**
 * A supplier's own price list in its workspace: its offers with their volume prices, stock and
 * dates, edited one by one or replaced from a pasted CSV. Called by Procura's own pages with the
 * supplier session cookie; not part of the published package.
 *
 * @module
 */
import { z } from 'zod';
import { isoDateSchema, randSchema } from '../../sdk/schemas/common';
import { singleLine } from '../../sdk/schemas/text';
import { invalidLineSchema } from './import-calls';

/**
 * What the price list's pages and API say, in one place.
 *
 * @example
 * OFFER_MESSAGES.unitPrice; // 'Enter a unit price from R0.01 to R10,000,000'
 */
export const OFFER_MESSAGES = {
  unitPrice: 'Enter a unit price from R0.01 to R10,000,000',
  minimumOrderQuantity: 'Enter a minimum order of 1 to 1,000,000',
  tierQuantity: 'Enter a quantity above the minimum order',
  tierPrice: 'Enter a volume price below the unit price, of at least R0.01',
  tierOrder: 'List each quantity once, smallest first',
  tiers: 'At most 10 volume prices',
  date: 'Enter a date as YYYY-MM-DD',
  dateOrder: 'The last day must be on or after the first',
  offerNotFound: 'Offer not found',
  offerExists: 'This product is already on your price list: change its price there.',
  noChange: 'Change at least one detail',
  notInCatalogue: (name: string, category: string) =>
    `No product named "${name}" in ${category} is in Procura's catalogue: use the name your price list shows, or ask Procura to add it`,
  emptyList: 'Paste at least one line: name | description | price | unit | category, or a CSV with a header row',
} as const;

/** A day as YYYY-MM-DD, one the calendar has. */
const offerDate = z
  .string({ error: OFFER_MESSAGES.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: OFFER_MESSAGES.date })
  .refine(
    (d) => {
      const ms = Date.parse(`${d}T00:00:00Z`);
      return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(d);
    },
    { error: OFFER_MESSAGES.date },
  );

/** The highest unit price a supplier may give, in rand excl. VAT. */
export const MAX_UNIT_PRICE = 10_000_000;

/** A unit price in rand, from R0.01 to {@link MAX_UNIT_PRICE}; anything else, a missing one too, is told `message`. */
const price = (message: string) => z.number({ error: message }).refine((v) => Number.isFinite(v) && v >= 0.01 && v <= MAX_UNIT_PRICE, { error: message });

/**
 * A volume price: from `minQuantity` units on, each costs `unitPrice` (rand, excl. VAT).
 *
 * @example
 * offerTierSchema.parse({ minQuantity: 100, unitPrice: 16.5 });
 */
const offerTierSchema = z.object({
  minQuantity: z
    .number({ error: OFFER_MESSAGES.tierQuantity })
    .int({ error: OFFER_MESSAGES.tierQuantity })
    .min(2, { error: OFFER_MESSAGES.tierQuantity })
    .max(10_000_000, { error: OFFER_MESSAGES.tierQuantity }),
  unitPrice: price(OFFER_MESSAGES.tierPrice),
});

/**
 * One offer of the signed-in supplier's price list. `quoted` says whether it is quoted today: in
 * stock and within its dates.
 *
 * @example
 * const { offers } = supplierOffersSchema.parse(await res.json());
 * offers[0]!.inStock; // true
 */
export const supplierOfferSchema = z.object({
  offerId: z.number().int(),
  catalogueItemId: z.string(),
  productName: z.string(),
  categoryName: z.string(),
  unit: z.string(),
  unitPrice: randSchema,
  minimumOrderQuantity: z.number().int(),
  tiers: z.array(offerTierSchema),
  inStock: z.boolean(),
  validFrom: isoDateSchema.nullable(),
  validUntil: isoDateSchema.nullable(),
  quoted: z.boolean(),
});
/**
 * An offer of the supplier's price list.
 *
 * @example
 * const offer: SupplierOffer = supplierOfferSchema.parse(json);
 */
export type SupplierOffer = z.infer<typeof supplierOfferSchema>;

/**
 * `GET /api/supplier/offers`: the price list, by product name, and the day it last changed.
 *
 * @example
 * const { offers, priceListDate } = supplierOffersSchema.parse(await res.json());
 */
export const supplierOffersSchema = z.object({ offers: z.array(supplierOfferSchema), priceListDate: isoDateSchema });
/**
 * The price list as the workspace reads it.
 *
 * @example
 * const list: SupplierOffers = await supplier.offers.list();
 */
export type SupplierOffers = z.infer<typeof supplierOffersSchema>;

const terms = {
  unitPrice: price(OFFER_MESSAGES.unitPrice),
  minimumOrderQuantity: z
    .number({ error: OFFER_MESSAGES.minimumOrderQuantity })
    .int({ error: OFFER_MESSAGES.minimumOrderQuantity })
    .min(1, { error: OFFER_MESSAGES.minimumOrderQuantity })
    .max(1_000_000, { error: OFFER_MESSAGES.minimumOrderQuantity }),
  tiers: z.array(offerTierSchema, { error: OFFER_MESSAGES.tiers }).max(10, { error: OFFER_MESSAGES.tiers }),
  inStock: z.boolean({ error: 'inStock must be true or false' }),
  validFrom: offerDate.nullable(),
  validUntil: offerDate.nullable(),
};

/**
 * `PATCH /api/supplier/offers/:offerId`: the terms that change. Volume prices replace the
 * offer's; a date of null removes that bound. The rules across fields (volume prices above the
 * minimum order and below the unit price, the last day on or after the first) are checked
 * against the offer as it then stands.
 *
 * @example
 * supplierOfferChangeSchema.parse({ unitPrice: 17.95, inStock: false });
 */
export const supplierOfferChangeSchema = z
  .strictObject({
    unitPrice: terms.unitPrice.optional(),
    minimumOrderQuantity: terms.minimumOrderQuantity.optional(),
    tiers: terms.tiers.optional(),
    inStock: terms.inStock.optional(),
    validFrom: terms.validFrom.optional(),
    validUntil: terms.validUntil.optional(),
  })
  .refine((c) => Object.keys(c).length > 0, { error: OFFER_MESSAGES.noChange, path: ['body'] });
/**
 * What the price list's edit form sends.
 *
 * @example
 * const change: SupplierOfferChange = { unitPrice: 17.95 };
 */
export type SupplierOfferChange = z.input<typeof supplierOfferChangeSchema>;

/**
 * `POST /api/supplier/offers`: a catalogue product the supplier starts offering, with its terms
 * (in stock, no dates and no volume prices unless given).
 *
 * @example
 * newSupplierOfferSchema.parse({ catalogueItemId: 'household-bleach-5l', unitPrice: 18.5 });
 */
export const newSupplierOfferSchema = z.strictObject({
  catalogueItemId: z
    .string({ error: 'Choose a product from the catalogue' })
    .check(singleLine('Product'))
    .min(1, { error: 'Choose a product from the catalogue' })
    .max(100),
  unitPrice: terms.unitPrice,
  minimumOrderQuantity: terms.minimumOrderQuantity.default(1),
  tiers: terms.tiers.default([]),
  inStock: terms.inStock.default(true),
  validFrom: terms.validFrom.default(null),
  validUntil: terms.validUntil.default(null),
});
/**
 * What the add-a-product form sends.
 *
 * @example
 * const input: NewSupplierOffer = { catalogueItemId: 'household-bleach-5l', unitPrice: 18.5 };
 */
export type NewSupplierOffer = z.input<typeof newSupplierOfferSchema>;

/**
 * `POST /api/supplier/offers/import`: the whole price list as pasted text: pipe-separated lines
 * `name | description | price | unit | category`, or a CSV whose header names `name`, `price`,
 * `unit` and `category` (and `description`). Read by the admin import's reader and checks; with
 * `dryRun`, a preview.
 *
 * @example
 * offerImportSchema.parse({ data: 'Household Bleach | 5 L | 18.50 | litres | Cleaning Supplies', dryRun: true });
 */
export const offerImportSchema = z.strictObject({
  data: z.string({ error: OFFER_MESSAGES.emptyList }).max(2_000_000, { error: 'Paste at most 2 MB at a time' }),
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).default(false),
});
/**
 * What the workspace sends to replace its price list.
 *
 * @example
 * const input: OfferImportInput = { data: text, dryRun: true };
 */
export type OfferImportInput = z.input<typeof offerImportSchema>;

/**
 * The answer to a price-list import: how many offers it adds, updates and removes (every offer
 * the text does not list), and, for a preview, each line read and every bad line with its reason.
 *
 * @example
 * const { added, updated, removed, invalidLines } = offerImportResultSchema.parse(await res.json());
 */
export const offerImportResultSchema = z.object({
  dryRun: z.boolean(),
  added: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  lines: z
    .array(z.object({ line: z.number().int(), productName: z.string(), unitPrice: randSchema, unit: z.string(), action: z.enum(['add', 'update']) }))
    .optional(),
  removedProducts: z.array(z.string()).optional(),
  invalidLines: z.array(invalidLineSchema).optional(),
});
/**
 * What a price-list import answers.
 *
 * @example
 * const result: OfferImportResult = await supplier.offers.importList({ data, dryRun: true });
 */
export type OfferImportResult = z.infer<typeof offerImportResultSchema>;
