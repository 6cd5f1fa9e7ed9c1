// A large fictional market written straight into a bench SQLite database, fast enough for
// 100,000 suppliers and two million offers. The reference data (cities, categories, the
// catalogue with its variants) comes from the product's own seed; the suppliers, their
// coverage, categories and price lists are generated here from a fixed PRNG seed, so the same
// size always gives the same market. Names are invented, e-mail addresses use the reserved
// `.example` domain and phone numbers the 555 exchange.
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { createRng } from '../server/db/seed/rng.mjs';

/** The seed's word lists for supplier and contact names. */
const NAMES = JSON.parse(readFileSync(new URL('../server/db/seed/supplier-names.json', import.meta.url), 'utf8'));

const PAYMENT_TERMS = ['Net 30', 'Net 14', 'Net 60 (account customers)'];
const PRICE_LIST_DATES = ['2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01'];
const RESPONSE_HOURS = [2, 4, 6, 8, 12, 24, 48];
const CITY_WEIGHTS = { johannesburg: 14, 'cape-town': 10, durban: 8, pretoria: 7, gqeberha: 3, bloemfontein: 2, 'east-london': 2 };
const MIN_ORDER = {
  metro: { litres: 5, packs: 1, pieces: 1, kg: 10 },
  regional: { litres: 5, packs: 1, pieces: 1, kg: 10 },
  local: { litres: 5, packs: 1, pieces: 1, kg: 5 },
};
const CAPACITY = { metro: [2000, 6000], regional: [500, 1500], local: [200, 600] };

const slug = (text) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Replaces the suppliers of the seeded database `file` with `suppliers` generated ones, each
 * with about `offersPerSupplier` offers, as the product's large seed shapes them: 60 % metro,
 * the rest regional and local, homes weighted towards the metros, 15 % also delivering
 * nationally, 5 % in poor standing, 40 % with volume tiers of their own. Answers the counts.
 */
export function writeMarket(file, { suppliers, offersPerSupplier = 20, seed = 7_919 }) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // A bench file that a crash would only make us write again.
  db.pragma('synchronous = OFF');
  const cities = db.prepare('select id, province from cities order by sort_order').all();
  const items = db.prepare('select id, category_id, reference_price_cents, unit from catalogue_items order by sort_order').all();
  const itemsByCategory = new Map();
  for (const item of items) {
    if (!itemsByCategory.has(item.category_id)) itemsByCategory.set(item.category_id, []);
    itemsByCategory.get(item.category_id).push(item);
  }
  const categoryIds = [...itemsByCategory.keys()];
  const weighted = cities.flatMap((c) => Array(CITY_WEIGHTS[c.id] ?? 1).fill(c));
  const rng = createRng(seed);
  const now = new Date().toISOString();

  const insertSupplier = db.prepare(
    `insert into suppliers (id, name, contact_person, email, phone, home_city_id, verified,
       response_time_hours, dispatch_days, payment_terms, validity_days, price_list_date, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertCategory = db.prepare(
    'insert into supplier_categories (supplier_id, category_id, capacity_units, minimum_order_quantity, price_factor) values (?, ?, ?, ?, ?)',
  );
  const insertCoverage = db.prepare('insert into supplier_coverage (supplier_id, scope, area, lead_days) values (?, ?, ?, ?)');
  const insertOffer = db.prepare('insert into offers (supplier_id, catalogue_item_id, unit_price_cents, minimum_order_quantity, tiers) values (?, ?, ?, ?, ?)');
  let offers = 0;

  db.transaction(() => {
    for (const table of ['offers', 'supplier_coverage', 'supplier_categories', 'suppliers']) db.prepare(`delete from ${table}`).run();
    for (let id = 1; id <= suppliers; id++) {
      const archetype = rng.chance(0.6) ? 'metro' : rng.chance(0.5) ? 'regional' : 'local';
      const home = rng.pick(weighted);
      const chosen = [...new Set(Array.from({ length: rng.int(3, 6) }, () => rng.pick(categoryIds)))];
      const national = rng.chance(0.15);
      const good = !rng.chance(0.05);
      const name = `${rng.pick(NAMES.prefixes)} ${rng.pick(NAMES.suffixes)} ${id}`;
      const person = `${rng.pick(NAMES.firstNames)} ${rng.pick(NAMES.surnames)}`;
      const phone = `+27 10 555 ${String(rng.int(0, 9999)).padStart(4, '0')}`;
      const verified = good && rng.chance(0.7) ? 1 : 0;
      // Once a typed rating, now earned from receipts: still drawn, so the market after it stays as it was.
      rng.next();
      insertSupplier.run(
        id,
        name,
        person,
        `sales@${slug(name)}.example`,
        phone,
        home.id,
        verified,
        rng.pick(RESPONSE_HOURS),
        rng.int(0, 2),
        rng.pick(PAYMENT_TERMS),
        rng.pick([7, 14, 30]),
        rng.pick(PRICE_LIST_DATES),
        now,
      );
      const factors = new Map();
      for (const categoryId of chosen) {
        const [lo, hi] = CAPACITY[archetype];
        const capacity = rng.int(lo, hi);
        const factor = Math.round((0.86 + rng.next() * 0.32) * 1000) / 1000;
        factors.set(categoryId, factor);
        insertCategory.run(id, categoryId, categoryId === 'geysers' ? Math.round(capacity / 100) : capacity, 1, factor);
      }
      insertCoverage.run(id, 'city', home.id, rng.int(0, 1));
      insertCoverage.run(id, 'province', home.province, rng.int(1, 2));
      if (national) insertCoverage.run(id, 'national', '', rng.int(3, 4));
      const ownTiers = rng.chance(0.4);
      const range = chosen.flatMap((categoryId) => itemsByCategory.get(categoryId));
      // A spread of the supplier's range, not just its first category.
      const step = Math.max(1, range.length / offersPerSupplier);
      for (let k = 0; k < Math.min(offersPerSupplier, range.length); k++) {
        const item = range[Math.floor(k * step)];
        const price = Math.round(item.reference_price_cents * factors.get(item.category_id) * (0.97 + rng.next() * 0.06));
        const tiers = ownTiers
          ? [
              { minQuantity: 50, unitPriceCents: Math.round(price * 0.97) },
              { minQuantity: 250, unitPriceCents: Math.round(price * 0.91) },
              { minQuantity: 1000, unitPriceCents: Math.round(price * 0.82) },
            ]
          : [];
        insertOffer.run(id, item.id, price, MIN_ORDER[archetype][item.unit] ?? 1, JSON.stringify(tiers));
        offers++;
      }
    }
    // Every server reading this database reloads its market snapshot.
    db.prepare("insert into meta (key, value) values ('market_revision', ?) on conflict (key) do update set value = excluded.value").run(
      `bench-${suppliers}-${Date.now()}`,
    );
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { suppliers, offers };
}
