// Kept whole: the seed's suppliers are data, written out.
import type { SupplierCompliance } from '../../domain/market';
import { CATALOGUE, CATEGORIES, CITIES, PAYMENT_TERMS, type CatalogueItemSeed } from './data';
import { createRng, type Rng } from './rng.mjs';
import NAMES from './supplier-names.json';

/**
 * A fictional supplier base. Names and people are invented; e-mail addresses use the reserved
 * `.example` domain and phone numbers the 555 exchange, so no real business is ever contacted.
 * Generated from a fixed PRNG seed: every seed gives the same suppliers and price lists.
 */

export interface SupplierSeed {
  id: number;
  name: string;
  contactPerson: string;
  email: string;
  phone: string;
  homeCityId: string;
  verified: boolean;
  /** Its orders on Procura in the last 12 months, received: what its record is computed from. */
  history: PastOrder[];
  responseTimeHours: number;
  dispatchDays: number;
  paymentTerms: string;
  validityDays: number;
  priceListDate: string;
  /** The least one order may come to, excl. VAT, in cents; none when absent. */
  minimumOrderCents?: number;
  categories: { categoryId: string; capacityUnits: number; minimumOrderQuantity: number; priceFactor: number }[];
  coverage: { scope: 'city' | 'province' | 'national'; area: string; leadDays: number }[];
  offers: { itemId: string; unitPriceCents: number; minimumOrderQuantity: number; tiers: { minQuantity: number; unitPriceCents: number }[] }[];
  /** VAT number, registered address and B-BBEE standing; none on file when left out. */
  compliance?: SupplierCompliance;
}

/** A past order of the seed's history: issued `daysAgo`, confirmed, delivered and received. */
export interface PastOrder {
  daysAgo: number;
  leadMaxDays: number;
  onTime: boolean;
  inFull: boolean;
  rating: number;
}

/**
 * A supplier's history, from its own sequence (so the rest of the seed stays as it was): a quarter
 * of those in good standing are new on Procura (fewer than 3 orders), most of the rest excellent,
 * some mixed; those in poor standing deliver late or short often enough to fall below the bar.
 */
function pastOrders(id: number, good: boolean, onTimePercent: number): PastOrder[] {
  const rng = createRng(id * 7_919 + 2_026);
  const kind = !good ? 'poor' : rng.chance(0.25) ? 'new' : rng.chance(0.75) ? 'excellent' : 'mixed';
  const count = kind === 'new' ? rng.int(0, 2) : rng.int(4, 14);
  // Late or short orders, counted rather than drawn, so each supplier stays on its side of the
  // standing bar (70 % on time and in full): at most 22 % for a mixed one, a third or more for a poor one.
  const missed =
    Math.floor(count * (kind === 'excellent' ? 1 - Math.max(0.9, onTimePercent / 100) : kind === 'mixed' ? 0.22 : 0)) +
    (kind === 'poor' ? Math.ceil(count * (1 - onTimePercent / 100)) : 0);
  const base = kind === 'poor' ? 2.4 : kind === 'mixed' ? 3.8 : 4.7;
  return Array.from({ length: count }, (_, i) => {
    const kept = i >= missed;
    const short = !kept && rng.chance(0.3);
    const rating = Math.max(1, Math.min(5, Math.round(base + (rng.next() - 0.5) * 1.4) - (kept ? 0 : 1)));
    return { daysAgo: rng.int(10, 350), leadMaxDays: rng.int(2, 5), onTime: kept || short, inFull: !short, rating };
  });
}

const AREA_CODES: Record<string, string> = {
  Gauteng: '11',
  'Western Cape': '21',
  'KwaZulu-Natal': '31',
  'Eastern Cape': '41',
  'Free State': '51',
  Limpopo: '15',
  Mpumalanga: '13',
  'North West': '14',
  'Northern Cape': '53',
};
const PRICE_LIST_DATES = ['2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01'];
const RESPONSE_HOURS = [2, 4, 6, 8, 12, 24, 48];

const cityById = new Map(CITIES.map((c) => [c.id, c]));

type Archetype = 'national' | 'metro' | 'regional' | 'local';

const MIN_ORDER: Record<Archetype, Record<string, number>> = {
  national: { litres: 20, packs: 5, pieces: 2, kg: 20 },
  metro: { litres: 5, packs: 1, pieces: 1, kg: 10 },
  regional: { litres: 5, packs: 1, pieces: 1, kg: 10 },
  local: { litres: 5, packs: 1, pieces: 1, kg: 5 },
};
const CAPACITY: Record<Archetype, [number, number]> = {
  national: [20000, 50000],
  metro: [2000, 6000],
  regional: [500, 1500],
  local: [200, 600],
};

const STREETS = [
  'Protea Road',
  'Industry Street',
  'Main Reef Road',
  'Jacaranda Avenue',
  'Harbour Drive',
  'Voortrekker Road',
  'Mineral Crescent',
  'Aloe Street',
  'Marula Close',
  'Station Road',
  'Kingfisher Lane',
  'Fynbos Way',
];
const DISTRICTS = ['Industria', 'Business Park', 'Light Industrial', 'Commercial Park', 'Trade Park'];
/** Each city's street postal code, so a registered address reads as one of that city. */
export const POSTAL_CODES: Readonly<Record<string, string>> = {
  johannesburg: '2001',
  'cape-town': '8001',
  durban: '4001',
  pretoria: '0002',
  gqeberha: '6001',
  bloemfontein: '9301',
  'east-london': '5201',
  polokwane: '0699',
  mbombela: '1201',
  pietermaritzburg: '3201',
  centurion: '0157',
  benoni: '1501',
  vereeniging: '1939',
  stellenbosch: '7600',
  paarl: '7646',
  george: '6529',
  'richards-bay': '3900',
  newcastle: '2940',
  mthatha: '5099',
  welkom: '9459',
  emalahleni: '1035',
  rustenburg: '0299',
  mahikeng: '2745',
  kimberley: '8301',
  upington: '8801',
};
/** Levels as they spread among the supplier base; 0 is non-compliant, null none on file. */
const LEVELS: (number | null)[] = [1, 1, 1, 2, 2, 2, 2, 3, 3, 4, 4, 4, 5, 6, 7, 8, 0, 0, null, null];
const EXPIRIES = ['2027-02-28', '2027-03-31', '2027-05-31', '2027-06-30', '2027-08-31', '2027-10-31', '2027-11-30'];
const EXPIRED = ['2026-06-30', '2026-09-30'];

/**
 * A supplier's VAT number, registered address and B-BBEE standing: invented but well formed. Drawn
 * from a sequence of the supplier's own, so the rest of the seed stays as it was.
 */
function complianceOf(id: number, homeCityId: string): SupplierCompliance {
  const rng = createRng(0x5eed_0000 + id);
  const city = cityById.get(homeCityId)!;
  const vatNumber = `4${String(rng.int(0, 999_999_999)).padStart(9, '0')}`;
  // Once a random postal code: still drawn, so that every draw after it, and each supplier's level, stays as it was.
  rng.int(1000, 9999);
  const registeredAddress = `${rng.int(1, 250)} ${rng.pick(STREETS)}, ${city.name} ${rng.pick(DISTRICTS)}, ${city.name}, ${POSTAL_CODES[city.id]}`;
  const level = rng.pick(LEVELS);
  if (level === null || level === 0) return { vatNumber, registeredAddress, bbeeLevel: level, bbeeEvidence: null, bbeeExpiresOn: null };
  // Exempted and qualifying small enterprises (levels 1, 2 and 4 on turnover) may swear an affidavit.
  const bbeeEvidence = [1, 2, 4].includes(level) && rng.chance(0.35) ? 'affidavit' : 'certificate';
  const bbeeExpiresOn = rng.chance(0.1) ? rng.pick(EXPIRED) : rng.pick(EXPIRIES);
  return { vatNumber, registeredAddress, bbeeLevel: level, bbeeEvidence, bbeeExpiresOn };
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

interface Namer {
  name(rng: Rng): string;
}

function createNamer(): Namer {
  const used = new Set<string>();
  return {
    name(rng) {
      for (let attempt = 0; ; attempt++) {
        const base = `${rng.pick(NAMES.prefixes)} ${rng.pick(NAMES.suffixes)}`;
        const name = attempt < 20 ? base : `${base} ${Math.floor(attempt / 20) + 1}`;
        if (!used.has(name)) {
          used.add(name);
          return name;
        }
      }
    },
  };
}

function makeSupplier(
  rng: Rng,
  namer: Namer,
  id: number,
  archetype: Archetype,
  homeCityId: string,
  categoryIds: string[],
  items: CatalogueItemSeed[],
  options: { poorStanding?: boolean; national?: boolean; maxOffers?: number; history?: boolean } = {},
): SupplierSeed {
  const city = cityById.get(homeCityId)!;
  const name = namer.name(rng);
  const first = rng.pick(NAMES.firstNames);
  const last = rng.pick(NAMES.surnames);
  const good = !options.poorStanding;
  const categories = categoryIds.map((categoryId) => {
    const geysers = categoryId === 'geysers';
    const [lo, hi] = CAPACITY[archetype];
    return {
      categoryId,
      capacityUnits: geysers ? Math.round(rng.int(lo, hi) / 100) : rng.int(lo, hi),
      minimumOrderQuantity: archetype === 'national' ? 10 : 1,
      priceFactor: Math.round((0.86 + rng.next() * 0.32) * 1000) / 1000,
    };
  });
  const coverage: SupplierSeed['coverage'] = [
    { scope: 'city', area: homeCityId, leadDays: archetype === 'national' ? 1 : rng.int(0, 1) },
    { scope: 'province', area: city.province, leadDays: rng.int(1, 2) },
  ];
  if (archetype === 'national' || options.national) coverage.push({ scope: 'national', area: '', leadDays: rng.int(3, 4) });
  const ownTiers = rng.chance(0.4);
  let offers: SupplierSeed['offers'] = [];
  for (const c of categories) {
    for (const item of items) {
      if (item.categoryId !== c.categoryId) continue;
      const unitPriceCents = Math.round(item.referencePriceCents * c.priceFactor * (0.97 + rng.next() * 0.06));
      offers.push({
        itemId: item.id,
        unitPriceCents,
        minimumOrderQuantity: MIN_ORDER[archetype][item.unit] ?? 1,
        tiers: ownTiers
          ? [
              { minQuantity: 50, unitPriceCents: Math.round(unitPriceCents * 0.97) },
              { minQuantity: 250, unitPriceCents: Math.round(unitPriceCents * 0.91) },
              { minQuantity: 1000, unitPriceCents: Math.round(unitPriceCents * 0.82) },
            ]
          : [],
      });
    }
  }
  if (options.maxOffers !== undefined && offers.length > options.maxOffers) {
    // Keep a spread of the supplier's range, not just its first category.
    const step = offers.length / options.maxOffers;
    offers = Array.from({ length: options.maxOffers }, (_, i) => offers[Math.floor(i * step)]!);
  }
  // Drawn in the order the seed always drew them, so every supplier stays as it was.
  const phone = `+27 ${AREA_CODES[city.province] ?? '10'} 555 ${String(rng.int(0, 9999)).padStart(4, '0')}`;
  const verified = good && rng.chance(0.7);
  // Once a typed rating, now earned from `history`: still drawn, so every figure after it stays as it was.
  rng.next();
  const onTimePercent = good ? rng.int(82, 99) : rng.int(55, 68);
  return {
    id,
    name,
    contactPerson: `${first} ${last}`,
    email: `sales@${slug(name)}.example`,
    phone,
    homeCityId,
    verified,
    history: options.history === false ? [] : pastOrders(id, good, onTimePercent),
    responseTimeHours: rng.pick(RESPONSE_HOURS),
    dispatchDays: rng.int(0, 2),
    paymentTerms: rng.pick(PAYMENT_TERMS),
    validityDays: rng.pick([7, 14, 30]),
    priceListDate: rng.pick(PRICE_LIST_DATES),
    categories,
    coverage,
    offers,
    compliance: complianceOf(id, homeCityId),
  };
}

/** Categories `index` of `groupSize` takes in a rotation where each category goes to `perCategory` suppliers. */
function rotation(categoryIds: string[], index: number, groupSize: number, perCategory: number): string[] {
  return categoryIds.filter((_, j) => (((j - index) % groupSize) + groupSize) % groupSize < perCategory);
}

/**
 * The starter supplier base: national distributors, suppliers in each metro, regional and local
 * ones, and a few in poor standing (whom matching leaves out). Every catalogue category has at
 * least three suppliers of its own in each of the four metros and three national distributors,
 * so a metro request gets five or more quotes; small towns have fewer.
 */
export function starterSuppliers(): SupplierSeed[] {
  const rng = createRng(20_261_122);
  const namer = createNamer();
  const categoryIds = CATEGORIES.map((c) => c.id);
  const suppliers: SupplierSeed[] = [];
  let id = 1;
  const nationalHomes = ['johannesburg', 'johannesburg', 'cape-town', 'durban', 'pretoria', 'bloemfontein'];
  nationalHomes.forEach((home, i) => {
    suppliers.push(makeSupplier(rng, namer, id++, 'national', home, rotation(categoryIds, i, 6, 3), CATALOGUE));
  });
  for (const metro of ['johannesburg', 'cape-town', 'durban', 'pretoria']) {
    for (let i = 0; i < 8; i++) {
      suppliers.push(makeSupplier(rng, namer, id++, 'metro', metro, rotation(categoryIds, i, 8, 3), CATALOGUE));
    }
    suppliers.push(makeSupplier(rng, namer, id++, 'metro', metro, rotation(categoryIds, 0, 2, 1), CATALOGUE, { poorStanding: true }));
  }
  const regional: [string, number][] = [
    ['gqeberha', 3],
    ['bloemfontein', 2],
    ['east-london', 2],
    ['polokwane', 2],
    ['mbombela', 2],
    ['pietermaritzburg', 2],
    ['kimberley', 1],
    ['rustenburg', 1],
    ['george', 1],
    ['richards-bay', 1],
    ['centurion', 1],
    ['stellenbosch', 1],
    ['emalahleni', 1],
  ];
  for (const [home, count] of regional) {
    for (let i = 0; i < count; i++) {
      suppliers.push(makeSupplier(rng, namer, id++, 'regional', home, rotation(categoryIds, rng.int(0, 3), 4, 1), CATALOGUE));
    }
  }
  return suppliers;
}

const VARIANTS: { label: string; factor: number }[] = [
  { label: 'Bulk', factor: 0.9 },
  { label: 'Economy', factor: 0.75 },
  { label: 'Premium', factor: 1.3 },
  { label: 'Eco', factor: 1.15 },
  { label: 'Trade Pack', factor: 0.95 },
  { label: 'Industrial', factor: 1.05 },
  { label: 'Refill', factor: 0.85 },
];

/** Catalogue variants for a large benchmark catalogue: each starter item in seven grades. */
export function catalogueVariants(): CatalogueItemSeed[] {
  return CATALOGUE.flatMap((item) =>
    VARIANTS.map((v) => ({
      ...item,
      id: `${item.id}-${slug(v.label)}`,
      name: `${item.name} (${v.label})`,
      referencePriceCents: Math.round(item.referencePriceCents * v.factor),
      keywords: [`${item.name} ${v.label}`.toLowerCase()],
    })),
  );
}

const CITY_WEIGHTS: Record<string, number> = {
  johannesburg: 14,
  'cape-town': 10,
  durban: 8,
  pretoria: 7,
  gqeberha: 3,
  bloemfontein: 2,
  'east-london': 2,
};

/**
 * A large generated supplier base for benchmarks: `count` suppliers with about `offers` offers
 * across `items`, homes weighted towards the metros, 15 % delivering nationally.
 */
export function generatedSuppliers(count: number, offers: number, items: CatalogueItemSeed[]): SupplierSeed[] {
  const rng = createRng(7_919);
  const namer = createNamer();
  const weighted = CITIES.flatMap((c) => Array<string>(CITY_WEIGHTS[c.id] ?? 1).fill(c.id));
  const withItems = [...new Set(items.map((i) => i.categoryId))];
  const perSupplier = Math.max(1, Math.round(offers / count));
  const suppliers: SupplierSeed[] = [];
  for (let id = 1; id <= count; id++) {
    const archetype: Archetype = rng.chance(0.6) ? 'metro' : rng.chance(0.5) ? 'regional' : 'local';
    const categoryIds = [...new Set(Array.from({ length: rng.int(3, 6) }, () => rng.pick(withItems)))];
    suppliers.push(
      makeSupplier(rng, namer, id, archetype, rng.pick(weighted), categoryIds, items, {
        national: rng.chance(0.15),
        poorStanding: rng.chance(0.05),
        maxOffers: perSupplier,
        history: false,
      }),
    );
  }
  return suppliers;
}
