import { LINE_REASONS, supplierLineSchema, type SupplierLine } from '../../../contract/schemas/imports';
import type { InvalidLine, SupplierPreviewLine } from '../../../contract/schemas/import-calls';
import { ADMIN_MESSAGES } from '../../../contract/schemas/admin';
import type { Executor } from '../../db/executor';
import { checkLine, type Category, type City, type RawLine, type Reference } from './lines';
import * as repo from './import.repository';

// Planning supplier lines: each checked field by field, its category and city found, its e-mail
// matched to a supplier on file (an update) or none (an add), and the preview a dry run answers.

export interface SupplierPlan {
  line: number;
  input: SupplierLine;
  category: Category;
  city: City;
  existing: repo.SupplierRow | null;
}

export async function planSuppliers(db: Executor, lines: RawLine[], ref: Reference): Promise<{ plans: SupplierPlan[]; invalid: InvalidLine[] }> {
  const invalid: InvalidLine[] = [];
  const read: Omit<SupplierPlan, 'existing'>[] = [];
  const emailLine = new Map<string, number>();
  for (const raw of lines) {
    if ('reason' in raw) {
      invalid.push({ line: raw.line, reason: raw.reason });
      continue;
    }
    const checked = checkLine(supplierLineSchema, raw.values);
    const categoryText = checked.value('category');
    const category = categoryText === undefined ? undefined : ref.category(categoryText);
    if (categoryText !== undefined && !category) checked.faults.set('category', LINE_REASONS.unknownCategory(categoryText));
    const location = checked.value('location');
    const city = location === undefined ? undefined : ref.city(location);
    if (location !== undefined && !city) checked.faults.set('location', LINE_REASONS.unknownCity(location));
    const email = checked.value('email')?.toLowerCase();
    const seen = email === undefined ? undefined : emailLine.get(email);
    const reason = checked.reason(seen === undefined ? [] : [LINE_REASONS.duplicateEmail(seen)]);
    if (reason !== null || !checked.data) {
      invalid.push({ line: raw.line, reason: reason ?? ADMIN_MESSAGES.invalidFormat });
      continue;
    }
    emailLine.set(email!, raw.line);
    read.push({ line: raw.line, input: checked.data, category: category!, city: city! });
  }
  const existing = new Map(
    (
      await repo.suppliersByEmail(
        db,
        read.map((p) => p.input.email.toLowerCase()),
      )
    ).map((r) => [r.email.toLowerCase(), r]),
  );
  return { plans: read.map((p) => ({ ...p, existing: existing.get(p.input.email.toLowerCase()) ?? null })), invalid };
}

export function supplierPreview(p: SupplierPlan): SupplierPreviewLine {
  return {
    line: p.line,
    name: p.input.name,
    email: p.input.email,
    category: p.category.id,
    categoryName: p.category.name,
    city: p.city.name,
    specialties: p.input.specialties,
    responseTimeHours: p.input.responseTimeHours,
    vatNumber: p.input.vatNumber ?? null,
    registeredAddress: p.input.registeredAddress ?? null,
    bbeeLevel: p.input.bbeeLevel ?? null,
    bbeeEvidence: p.input.bbeeEvidence ?? null,
    bbeeExpiresOn: p.input.bbeeExpiresOn ?? null,
    action: p.existing ? 'update' : 'add',
    supplierId: p.existing?.id ?? null,
  };
}
