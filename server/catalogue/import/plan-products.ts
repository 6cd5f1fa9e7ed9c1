import { ADMIN_MESSAGES } from '../../../contract/schemas/admin';
import { LINE_REASONS, productLineSchema, type ProductLine } from '../../../contract/schemas/imports';
import type { InvalidLine, ProductPreviewLine } from '../../../contract/schemas/import-calls';
import { centsToRand, joinWords } from '../../../sdk/format';
import type { Executor } from '../../db/executor';
import { normalizePhrase } from '../../domain/text';
import { canonicalUnit, convertibleUnits } from '../../domain/units';
import { checkLine, type Category, type RawLine, type Reference } from './lines';
import * as repo from './import.repository';

// Planning product lines: each checked field by field, its supplier found, priced as a catalogue
// item of its category in that item's unit (or as a new item), and the preview a dry run answers.

type ItemRow = Awaited<ReturnType<typeof repo.allCatalogueItems>>[number];
type SupplierForProducts = Awaited<ReturnType<typeof repo.suppliersForProducts>>[number];

/** A catalogue item a product line is priced as: one that exists, or one the import adds (no id yet). */
interface ItemTarget {
  key: string;
  id: string | null;
  name: string;
  description: string;
  unit: string;
  categoryId: string;
  units: Map<string, number>;
}

export interface ProductPlan {
  line: number;
  input: ProductLine;
  category: Category;
  supplier: SupplierForProducts;
  item: ItemTarget;
  unitPriceCents: number;
  exists: boolean;
}

const itemKey = (categoryId: string, name: string) => `${categoryId}\u0000${normalizePhrase(name)}`;

/** 'litres, ml or containers' */
function unitList(units: Map<string, number>): string {
  const names = [...units.keys()];
  return joinWords(names, 'or');
}

export async function planProducts(db: Executor, lines: RawLine[], ref: Reference): Promise<{ plans: ProductPlan[]; invalid: InvalidLine[] }> {
  const invalid: InvalidLine[] = [];
  const checked: {
    line: number;
    check: ReturnType<typeof checkLine<typeof productLineSchema.in.shape, ProductLine>>;
    category: Category | undefined;
    supplierId: number | undefined;
  }[] = [];
  for (const raw of lines) {
    if ('reason' in raw) {
      invalid.push({ line: raw.line, reason: raw.reason });
      continue;
    }
    const check = checkLine(productLineSchema, raw.values);
    const categoryText = check.value('category');
    const category = categoryText === undefined ? undefined : ref.category(categoryText);
    if (categoryText !== undefined && !category) check.faults.set('category', LINE_REASONS.unknownCategory(categoryText));
    checked.push({ line: raw.line, check, category, supplierId: check.value('supplierId') });
  }
  if (checked.length === 0) return { plans: [], invalid };

  const [suppliers, items] = await Promise.all([
    repo.suppliersForProducts(
      db,
      checked.flatMap((c) => (c.supplierId === undefined ? [] : [c.supplierId])),
    ),
    repo.allCatalogueItems(db),
  ]);
  const supplierById = new Map(suppliers.map((s) => [s.id, s]));
  const itemByKey = new Map<string, ItemTarget>();
  for (const i of items as ItemRow[]) {
    itemByKey.set(itemKey(i.category_id, i.name), {
      key: itemKey(i.category_id, i.name),
      id: i.id,
      name: i.name,
      description: '',
      unit: i.unit,
      categoryId: i.category_id,
      units: convertibleUnits({ unit: i.unit, unitQuantity: i.unit_quantity, unitDescription: i.unit_description }),
    });
  }
  const offered = await repo.offeredPairs(db, [...supplierById.keys()]);
  const pairLine = new Map<string, number>();
  const plans: ProductPlan[] = [];
  for (const { line, check, category, supplierId } of checked) {
    const supplier = supplierId === undefined ? undefined : supplierById.get(supplierId);
    if (supplierId !== undefined && !supplier) check.faults.set('supplierId', LINE_REASONS.unknownSupplier(supplierId));
    const input = check.data;
    // A product no catalogue item of its category names becomes one, in the unit its first good line gives.
    const key = input && category ? itemKey(category.id, input.name) : null;
    const item =
      key === null || !input || !category
        ? null
        : (itemByKey.get(key) ??
          (() => {
            const unit = canonicalUnit(input.unit);
            return {
              key,
              id: null,
              name: input.name,
              description: input.description,
              unit,
              categoryId: category.id,
              units: convertibleUnits({ unit, unitQuantity: null, unitDescription: '' }),
            };
          })());
    const factor = item && input ? item.units.get(canonicalUnit(input.unit)) : undefined;
    const unitPriceCents = factor === undefined || !input ? 0 : Math.round(input.priceCents / factor);
    if (item && input) {
      if (factor === undefined) check.faults.set('unit', LINE_REASONS.unitMismatch(item.name, unitList(item.units), input.unit));
      else if (unitPriceCents < 1) check.faults.set('price', LINE_REASONS.price(input.priceCents / 100));
    }
    const pair = supplier && item ? `${supplier.id}\u0000${item.key}` : null;
    const reason = check.reason(pair !== null && pairLine.has(pair) ? [LINE_REASONS.duplicateProduct(pairLine.get(pair)!)] : []);
    if (reason !== null || !input || !category || !supplier || !item || pair === null) {
      invalid.push({ line, reason: reason ?? ADMIN_MESSAGES.invalidFormat });
      continue;
    }
    itemByKey.set(item.key, item);
    pairLine.set(pair, line);
    plans.push({
      line,
      input,
      category,
      supplier,
      item,
      unitPriceCents,
      exists: item.id !== null && offered.has(repo.offerKey(supplier.id, item.id)),
    });
  }
  return { plans, invalid };
}

export function productPreview(p: ProductPlan): ProductPreviewLine {
  return {
    line: p.line,
    name: p.input.name,
    description: p.input.description,
    price: centsToRand(p.input.priceCents),
    unit: p.input.unit,
    category: p.category.id,
    categoryName: p.category.name,
    supplierId: p.supplier.id,
    supplierName: p.supplier.name,
    catalogueItemId: p.item.id,
    catalogueItemName: p.item.name,
    newItem: p.item.id === null,
    unitPrice: centsToRand(p.unitPriceCents),
    itemUnit: p.item.unit,
    action: p.exists ? 'update' : 'add',
  };
}
