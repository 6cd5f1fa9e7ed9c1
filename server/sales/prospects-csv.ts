import type { Kysely } from 'kysely';
import { prospectInputSchema, type ProspectImportResult } from '../../contract/schemas/prospects';
import { SALES_MESSAGES, type ProspectStatus } from '../../contract/schemas/sales';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { recordAudit } from '../staff/audit.service';
import type { StaffMember } from '../staff/staff.service';
import { cellValue, CsvSyntaxError, parseCsv, writeCsv } from '../../contract/csv';
import * as repo from './sales.repository';
import { newProspectRow, prospectColumns, type ProspectFields } from './sales.service';

/** The columns of the export, in order; the import reads the same names (in any order, any case). */
const COLUMNS = [
  'ID',
  'Company',
  'Contact',
  'Phone',
  'Email',
  'Tier',
  'Status',
  'Last contact',
  'Next action',
  'Notes',
  'Estimated value (R)',
  'Industry',
  'Conversion probability (%)',
  'Actual response',
  'Call notes',
  'Source',
  'Owner',
] as const;
type Column = (typeof COLUMNS)[number];

/** Columns a person may edit in a spreadsheet; Source is kept as the product set it. */
const FIELD_OF: Partial<Record<Column, keyof ProspectFields>> = {
  Company: 'company',
  Contact: 'contact',
  Phone: 'phone',
  Email: 'email',
  Tier: 'tier',
  Status: 'status',
  'Next action': 'nextAction',
  Notes: 'notes',
  Industry: 'industry',
  'Actual response': 'actualResponse',
  'Call notes': 'callNotes',
};

/** At most this many prospects in one import. */
const MAX_IMPORT_ROWS = 5000;

const amount = (cents: number) => (cents / 100).toFixed(2);

/** Every prospect as CSV (RFC 4180, UTF-8 with a byte-order mark), one row each, oldest first. */
export async function prospectsCsv(db: Kysely<DB>): Promise<string> {
  const rows = await repo.allProspects(db);
  return writeCsv(
    [...COLUMNS],
    rows.map((p) => [
      String(p.id),
      p.company,
      p.contact,
      p.phone,
      p.email,
      p.tier,
      p.status,
      p.last_contact ?? '',
      p.next_action,
      p.notes,
      amount(Number(p.estimated_value_cents)),
      p.industry,
      String(p.conversion_probability),
      p.actual_response,
      p.call_notes,
      p.source,
      p.owner_email ?? '',
    ]),
  );
}

interface ParsedLine {
  line: number;
  id: number | null;
  fields: ProspectFields;
  given: Set<keyof ProspectFields>;
  lastContact: string | null | undefined;
}

function isDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/**
 * Reads an import: each line checked by the same rules as a prospect typed in, its owner by
 * e-mail, its ID (if any) naming an existing prospect. With `dryRun` nothing is written; without,
 * the good lines are written in one transaction, and only when no line is bad.
 */
export async function importProspects(
  db: Kysely<DB>,
  staff: StaffMember,
  input: { csv: string; dryRun: boolean },
  nowMs: number,
): Promise<ProspectImportResult> {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(input.csv);
  } catch (err) {
    if (err instanceof CsvSyntaxError) return refuse(input.dryRun, [{ line: err.line, reason: err.message }]);
    throw err;
  }
  if (records.length < 2) throw new ApiError(400, 'validation_error', SALES_MESSAGES.csvEmpty, { fields: { csv: SALES_MESSAGES.csvEmpty } });
  if (records.length - 1 > MAX_IMPORT_ROWS) {
    throw new ApiError(400, 'validation_error', `At most ${MAX_IMPORT_ROWS} prospects can be imported at once`, {
      fields: { csv: `At most ${MAX_IMPORT_ROWS} prospects can be imported at once` },
    });
  }

  const [header, ...body] = records;
  const problems: { line: number; reason: string }[] = [];
  const index = new Map<Column, number>();
  header!.fields.forEach((name, i) => {
    const column = COLUMNS.find((c) => c.toLowerCase() === name.trim().toLowerCase());
    if (!column) problems.push({ line: header!.line, reason: `Unknown column "${name.trim()}"; the columns are ${COLUMNS.join(', ')}` });
    else if (index.has(column)) problems.push({ line: header!.line, reason: `The column "${column}" appears twice` });
    else index.set(column, i);
  });
  if (!index.has('Company')) problems.push({ line: header!.line, reason: 'The header row needs a Company column' });
  if (problems.length > 0) return refuse(input.dryRun, problems);

  const owners = await repo.ownersByEmail(db);
  const parsed: ParsedLine[] = [];
  for (const record of body) {
    const get = (c: Column) => {
      const i = index.get(c);
      return i === undefined ? undefined : cellValue(record.fields[i] ?? '');
    };
    if (record.fields.length > header!.fields.length) {
      problems.push({ line: record.line, reason: `This line has ${record.fields.length} fields; the header has ${header!.fields.length}` });
      continue;
    }
    const raw: Record<string, unknown> = {};
    const given = new Set<keyof ProspectFields>();
    for (const [column, field] of Object.entries(FIELD_OF) as [Column, keyof ProspectFields][]) {
      const v = get(column);
      // An empty tier or status means the default for a new prospect, and no change for an existing one.
      if (v === undefined || (v.trim() === '' && (field === 'tier' || field === 'status'))) continue;
      given.add(field);
      raw[field] = v;
    }
    const lineProblems: string[] = [];
    const value = get('Estimated value (R)');
    if (value !== undefined) {
      given.add('estimatedValue');
      const cleaned = value
        .replace(/^\s*R\s*/i, '')
        .replaceAll(',', '')
        .trim();
      if (cleaned === '') raw.estimatedValue = 0;
      else if (/^\d+(\.\d+)?$/.test(cleaned)) raw.estimatedValue = Number(cleaned);
      else lineProblems.push(SALES_MESSAGES.estimatedValue);
    }
    const probability = get('Conversion probability (%)');
    if (probability !== undefined) {
      given.add('conversionProbability');
      const cleaned = probability.replace('%', '').trim();
      raw.conversionProbability = cleaned === '' ? 0 : /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
    }
    const owner = get('Owner');
    if (owner !== undefined) {
      given.add('ownerId');
      const email = owner.trim().toLowerCase();
      if (email === '') raw.ownerId = null;
      else if (owners.has(email)) raw.ownerId = owners.get(email);
      else lineProblems.push(`No staff member ${email} may own prospects`);
    }
    let lastContact: string | null | undefined;
    const lastRaw = get('Last contact');
    if (lastRaw !== undefined) {
      lastContact = lastRaw.trim() === '' ? null : lastRaw.trim();
      if (lastContact !== null && !isDate(lastContact)) lineProblems.push('Last contact must be a date written YYYY-MM-DD');
    }
    let id: number | null = null;
    const idRaw = get('ID')?.trim();
    if (idRaw) {
      if (/^\d{1,9}$/.test(idRaw)) id = Number(idRaw);
      else lineProblems.push('ID must be the number of an existing prospect, or empty for a new one');
    }
    const result = prospectInputSchema.safeParse(raw);
    if (!result.success) for (const issue of result.error.issues) lineProblems.push(issue.message);
    if (lineProblems.length > 0 || !result.success) {
      problems.push({ line: record.line, reason: [...new Set(lineProblems)].join('; ') });
      continue;
    }
    parsed.push({ line: record.line, id, fields: result.data, given, lastContact });
  }

  const existing = await repo.prospectStatuses(
    db,
    parsed.flatMap((p) => (p.id === null ? [] : [p.id])),
  );
  const seen = new Set<number>();
  for (const p of parsed) {
    if (p.id === null) continue;
    const status = existing.get(p.id);
    if (status === undefined) problems.push({ line: p.line, reason: `No prospect has ID ${p.id}; clear the ID to add it as a new prospect` });
    else if (seen.has(p.id)) problems.push({ line: p.line, reason: `ID ${p.id} appears on an earlier line too` });
    else if (p.given.has('status') && p.fields.status === 'Not Contacted' && status !== 'Not Contacted')
      problems.push({ line: p.line, reason: SALES_MESSAGES.contacted(p.fields.company) });
    seen.add(p.id);
  }
  problems.sort((a, b) => a.line - b.line);
  const bad = new Set(problems.map((p) => p.line));
  const good = parsed.filter((p) => !bad.has(p.line));
  const lines = good.map((p) => ({
    line: p.line,
    company: p.fields.company,
    status: p.fields.status as ProspectStatus,
    action: p.id === null ? ('create' as const) : ('update' as const),
  }));
  const created = lines.filter((l) => l.action === 'create').length;
  const updated = lines.length - created;

  if (problems.length > 0) return refuse(input.dryRun, problems, lines);
  if (input.dryRun) return { imported: false, created, updated, lines, problems: [] };

  const now = new Date(nowMs).toISOString();
  await db.transaction().execute(async (trx) => {
    for (const p of good) {
      if (p.id === null) {
        await repo.insertProspect(
          trx,
          newProspectRow(p.fields, 'import', p.given.has('ownerId') ? (p.fields.ownerId ?? null) : null, nowMs, p.lastContact ?? null),
        );
      } else {
        const changes = prospectColumns(Object.fromEntries([...p.given].map((f) => [f, p.fields[f]])) as Partial<ProspectFields>);
        if (p.lastContact !== undefined) changes.last_contact = p.lastContact;
        changes.updated_at = now;
        await repo.updateProspect(trx, p.id, changes);
      }
    }
    await recordAudit(trx, { staffId: staff.id, action: 'prospects.import', rows: good.length, detail: `${created} added, ${updated} updated` }, now);
  });
  return { imported: true, created, updated, lines, problems: [] };
}

/** A preview with its bad lines, or, for a real import, the 400 that names them. */
function refuse(dryRun: boolean, problems: { line: number; reason: string }[], lines: ProspectImportResult['lines'] = []): ProspectImportResult {
  if (!dryRun) throw new ApiError(400, 'invalid_csv', SALES_MESSAGES.csvBadLines, { problems });
  const created = lines.filter((l) => l.action === 'create').length;
  return { imported: false, created, updated: lines.length - created, lines, problems };
}
