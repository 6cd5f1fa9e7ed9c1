import { z } from 'zod';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '../../../contract/schemas/admin';
import type { InvalidLine } from '../../../contract/schemas/import-calls';
import { isHeaderLine, readPipeLine, type BulkKind } from '../../../contract/bulk-text';
import type { Executor } from '../../db/executor';
import { ApiError } from '../../errors';
import * as repo from './import.repository';

// The lines of an import as read and checked before any planning: each line's raw values or why it
// cannot be read, the categories and cities lines name, and the answers to a call with no lines,
// too many, or a bad one.

export type RawLine = { line: number; kind: BulkKind; values: unknown } | { line: number; kind: BulkKind | null; reason: string };

/** The lines of an import call: item `i` is line `firstLine + i`; blank lines and a header are skipped. */
export function readItems(items: (string | Record<string, unknown>)[], kind: BulkKind, firstLine: number): RawLine[] {
  const lines: RawLine[] = [];
  items.forEach((item, i) => {
    const line = firstLine + i;
    if (typeof item !== 'string') {
      lines.push({ line, kind, values: item });
      return;
    }
    if (isHeaderLine(item)) return;
    const read = readPipeLine(item, kind, line);
    if (read) lines.push(read);
  });
  return lines;
}

export function slugKey(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface Category {
  id: string;
  name: string;
}
export interface City {
  id: string;
  name: string;
}

/** Categories by id or name, cities by id, name or full name ('Durban, KwaZulu-Natal'), all as slugs. */
export async function reference(db: Executor) {
  const [categories, cities] = await Promise.all([repo.allCategories(db), repo.allCities(db)]);
  const categoryByKey = new Map<string, Category>();
  for (const c of categories) {
    categoryByKey.set(slugKey(c.id), c);
    categoryByKey.set(slugKey(c.name), c);
  }
  const cityByKey = new Map<string, City>();
  for (const c of cities) {
    for (const key of [c.id, c.name, `${c.name}, ${c.province}`]) cityByKey.set(slugKey(key), { id: c.id, name: c.name });
  }
  return { category: (text: string) => categoryByKey.get(slugKey(text)), city: (text: string) => cityByKey.get(slugKey(text)) };
}
export type Reference = Awaited<ReturnType<typeof reference>>;

/**
 * A line checked field by field, so a line with several faults is told every one: each field's
 * fault (its own check's, or one set after, such as an unknown category) in the order of the
 * line's fields, then the line's own.
 */
export function checkLine<Shape extends z.ZodRawShape, Out>(schema: z.ZodPipe<z.ZodObject<Shape>, z.ZodType<Out>>, values: unknown) {
  const isObject = typeof values === 'object' && values !== null && !Array.isArray(values);
  const fields = isObject ? (values as Record<string, unknown>) : {};
  const order = ['', ...Object.keys(schema.in.shape)];
  const checked = new Map(order.slice(1).map((field) => [field, z.safeParse(schema.in.shape[field]!, fields[field])]));
  const faults = new Map<string, string>();
  if (!isObject) faults.set('', ADMIN_MESSAGES.invalidFormat);
  for (const [field, result] of checked) if (!result.success) faults.set(field, result.error.issues[0]?.message ?? ADMIN_MESSAGES.invalidFormat);
  const whole = faults.size === 0 ? schema.safeParse(values) : null;
  if (whole && !whole.success) faults.set('', whole.error.issues[0]?.message ?? ADMIN_MESSAGES.invalidFormat);
  return {
    data: whole?.success ? whole.data : undefined,
    faults,
    /** A field's value, when its own check passed. */
    value<K extends keyof Shape & string>(field: K): z.output<Shape[K]> | undefined {
      const result = checked.get(field)!;
      return result.success ? (result.data as z.output<Shape[K]>) : undefined;
    },
    /** Every fault, joined; null when there is none. */
    reason(lineFaults: string[] = []): string | null {
      const all = [...[...faults].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)).map(([, message]) => message), ...lineFaults];
      return all.length === 0 ? null : all.join('; ');
    },
  };
}

/** Refuses a call with no lines, or with more than one import takes. */
export function checkSize(lines: RawLine[]): void {
  if (lines.length === 0) throw new ApiError(400, 'no_lines', ADMIN_MESSAGES.noLines);
  if (lines.length > ADMIN_LIMITS.maxLines) throw new ApiError(400, 'too_many_lines', ADMIN_MESSAGES.tooManyLines);
}

/** The one answer to an import with a bad line: every bad line with its number and reason. */
export function invalidLinesError(lines: InvalidLine[]): ApiError {
  return new ApiError(400, 'invalid_lines', ADMIN_MESSAGES.invalidFormat, { lines });
}
