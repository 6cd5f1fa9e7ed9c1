import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALES_MESSAGES } from '../../contract/schemas/sales';
import { startTestServer, type TestServer } from '../test/harness';
import { signInStaff } from '../test/staff';
import { parseCsv } from '../../contract/csv';

let server: TestServer;
const now = Date.UTC(2026, 10, 24, 10, 0);
let person: Awaited<ReturnType<typeof signInStaff>>;

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => now });
  person = await signInStaff(server, { role: 'sales', name: 'Sipho Ndlovu', email: 'sipho@procura.example' });
});
afterAll(() => server.close());

const call = (method: string, path: string, body?: unknown) => server.request(method, path, { body, headers: person.headers });
const listAll = async () => (await call('GET', '/api/staff/prospects?pageSize=100')).json.prospects as Record<string, unknown>[];
// What a spreadsheet holds of a prospect: not its id, dates of writing, source, or the flags its activity log gives it.
const fileFields = (rows: Record<string, unknown>[]) =>
  rows.map(({ id: _id, createdAt: _c, updatedAt: _u, source: _s, emailSent: _e, callMade: _m, responseReceived: _r, demoScheduled: _d, ...rest }) => rest);

const AWKWARD = [
  { company: 'Smith, Jones & Partners', contact: 'Mary "Mo" Smith', notes: 'Line one\nLine two, with a comma\r\nLine "three"', industry: 'Legal' },
  {
    company: 'Ṣàngó Café – Soweto',
    contact: 'Thabo Mokoena-Dlamini',
    notes: 'Ünïcödé: ✓ € ß 東京',
    phone: '+27 11 555 0101',
    status: 'Interested',
    estimatedValue: 1234.56,
    conversionProbability: 35,
  },
  { company: '=HYPERLINK("http://evil.example")', contact: '@ceo', notes: '-10 units', nextAction: '+ call back' },
];

describe('the CSV export', () => {
  it('is RFC 4180: UTF-8 with a byte-order mark, CRLF, fields with commas, quotes or line breaks quoted, quotes doubled, formulas defused', async () => {
    for (const p of AWKWARD) expect((await call('POST', '/api/staff/prospects', p)).status).toBe(201);
    const res = await server.request('GET', '/api/staff/prospects.csv', { headers: { cookie: person.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="procura-prospects-2026-11-24.csv"');
    const raw = Buffer.from(await (await fetch(`${server.url}/api/staff/prospects.csv`, { headers: { cookie: person.cookie } })).arrayBuffer());
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.text.replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[0]).toBe(
      'ID,Company,Contact,Phone,Email,Tier,Status,Last contact,Next action,Notes,Estimated value (R),Industry,Conversion probability (%),Actual response,Call notes,Source,Owner',
    );
    expect(text).toContain('"Smith, Jones & Partners","Mary ""Mo"" Smith"');
    expect(text).toContain('"Line one\nLine two, with a comma\r\nLine ""three"""');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")",'@ceo`);
    expect(text).toContain(`'+27 11 555 0101`);
    expect(text).toContain(',1234.56,');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(res.text)).toHaveLength(4);
  });

  it('comes back through the import unchanged: the same file updates every prospect to what it was', async () => {
    const before = await listAll();
    const csv = (await server.request('GET', '/api/staff/prospects.csv', { headers: { cookie: person.cookie } })).text;
    const preview = await call('POST', '/api/staff/prospects/import', { csv, dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.json).toEqual({
      imported: false,
      created: 0,
      updated: 3,
      lines: [
        { line: 2, company: 'Smith, Jones & Partners', status: 'Not Contacted', action: 'update' },
        { line: 5, company: 'Ṣàngó Café – Soweto', status: 'Interested', action: 'update' },
        { line: 6, company: '=HYPERLINK("http://evil.example")', status: 'Not Contacted', action: 'update' },
      ],
      problems: [],
    });
    const run = await call('POST', '/api/staff/prospects/import', { csv });
    expect([run.status, run.json.imported, run.json.updated]).toEqual([201, true, 3]);
    const after = await listAll();
    expect(after.map(({ updatedAt: _u, ...rest }) => rest)).toEqual(before.map(({ updatedAt: _u, ...rest }) => rest));

    // Without its IDs the same file adds the same prospects again, from the import.
    const rows = parseCsv(csv).map((r) => r.fields);
    const cleared = rows.map((fields, i) => (i === 0 ? fields : ['', ...fields.slice(1)]));
    const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
    const again = await call('POST', '/api/staff/prospects/import', { csv: cleared.map((f) => f.map(quote).join(',')).join('\n') });
    expect([again.status, again.json.created, again.json.updated]).toEqual([201, 3, 0]);
    const all = await listAll();
    expect(all.slice(0, 3).map((p) => p.source)).toEqual(['import', 'import', 'import']);
    expect(fileFields(all.slice(0, 3))).toEqual(fileFields(before));
    expect(all[1]).toMatchObject({ company: 'Ṣàngó Café – Soweto', responseReceived: false });
    const audit = await server.database.db.selectFrom('staff_audit').select(['action', 'rows', 'detail']).where('action', '=', 'prospects.import').execute();
    expect(audit).toEqual([
      { action: 'prospects.import', rows: 3, detail: '0 added, 3 updated' },
      { action: 'prospects.import', rows: 3, detail: '3 added, 0 updated' },
    ]);
  });
});

describe('the CSV import', () => {
  const header = 'Company,Status,Conversion probability (%),Estimated value (R),Owner,Last contact,Email';

  it('previews each bad line with its number and reason, and imports nothing while any line is bad', async () => {
    const count = (await listAll()).length;
    const csv = [
      header,
      'Good One,Interested,40,"R12,500.00",sipho@procura.example,2026-11-20,buyer@good.example.co.za',
      'Bad Probability,,101,,,,',
      '',
      'Bad Status,Called,,,,,',
      'Bad Owner,,,,nobody@procura.example,,',
      'Bad Date,,,,,20/11/2026,',
      'Bad Amount,,,lots,,,not-an-email',
      ',Not Contacted,,,,,',
      'Too,Many,Fields,1,2,3,4,5',
    ].join('\r\n');
    const preview = await call('POST', '/api/staff/prospects/import', { csv, dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.json.lines).toEqual([{ line: 2, company: 'Good One', status: 'Interested', action: 'create' }]);
    expect(preview.json.problems).toEqual([
      { line: 3, reason: SALES_MESSAGES.conversionProbability },
      { line: 5, reason: SALES_MESSAGES.status },
      { line: 6, reason: 'No staff member nobody@procura.example may own prospects' },
      { line: 7, reason: 'Last contact must be a date written YYYY-MM-DD' },
      { line: 8, reason: `${SALES_MESSAGES.estimatedValue}; ${SALES_MESSAGES.email}` },
      { line: 9, reason: SALES_MESSAGES.company },
      { line: 10, reason: 'This line has 8 fields; the header has 7' },
    ]);
    const run = await call('POST', '/api/staff/prospects/import', { csv });
    expect(run.status).toBe(400);
    expect(run.json.error).toEqual({ code: 'invalid_csv', message: SALES_MESSAGES.csvBadLines, details: { problems: preview.json.problems } });
    expect((await listAll()).length).toBe(count);

    const good = await call('POST', '/api/staff/prospects/import', {
      csv: `${header}\r\nGood One,Interested,40,"R12,500.00",sipho@procura.example,2026-11-20,buyer@good.example.co.za\r\n`,
    });
    expect(good.status).toBe(201);
    const [added] = await listAll();
    expect(added).toMatchObject({
      company: 'Good One',
      status: 'Interested',
      conversionProbability: 40,
      estimatedValue: 12500,
      owner: { name: 'Sipho Ndlovu' },
      lastContact: '2026-11-20',
      source: 'import',
    });
  });

  it('names a bad header, an unknown ID, a quote left open, and an empty file', async () => {
    const unknown = await call('POST', '/api/staff/prospects/import', { csv: 'Company,Colour\r\nAcme,red\r\n', dryRun: true });
    expect(unknown.json.problems).toEqual([
      {
        line: 1,
        reason:
          'Unknown column "Colour"; the columns are ID, Company, Contact, Phone, Email, Tier, Status, Last contact, Next action, Notes, Estimated value (R), Industry, Conversion probability (%), Actual response, Call notes, Source, Owner',
      },
    ]);
    const noCompany = await call('POST', '/api/staff/prospects/import', { csv: 'Contact\r\nMary\r\n', dryRun: true });
    expect(noCompany.json.problems).toEqual([{ line: 1, reason: 'The header row needs a Company column' }]);
    const id = await call('POST', '/api/staff/prospects/import', { csv: 'ID,Company\r\n999999,Ghost\r\n', dryRun: true });
    expect(id.json.problems).toEqual([{ line: 2, reason: 'No prospect has ID 999999; clear the ID to add it as a new prospect' }]);
    const open = await call('POST', '/api/staff/prospects/import', { csv: 'Company,Notes\r\nAcme,"never closed\r\nmore\r\n' });
    expect([open.status, open.json.error.details.problems]).toEqual([400, [{ line: 2, reason: 'Line 2: a quoted field is never closed' }]]);
    const empty = await call('POST', '/api/staff/prospects/import', { csv: 'Company\r\n' });
    expect([empty.status, empty.json.error.message]).toEqual([400, SALES_MESSAGES.csvEmpty]);
  });

  it('refuses a line that would set a contacted prospect back to Not Contacted', async () => {
    const { json: p } = await call('POST', '/api/staff/prospects', { company: 'Umlazi Schools', status: 'Email Sent' });
    const back = await call('POST', '/api/staff/prospects/import', { csv: `ID,Company,Status\r\n${p.id},Umlazi Schools,Not Contacted\r\n`, dryRun: true });
    expect(back.json.problems).toEqual([{ line: 2, reason: 'Umlazi Schools has been contacted: its status cannot go back to Not Contacted' }]);
    const kept = await call('POST', '/api/staff/prospects/import', { csv: `ID,Company,Status\r\n${p.id},Umlazi Schools,\r\n`, dryRun: true });
    expect(kept.json.problems).toEqual([]);
  });
});
