import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from './db/sqlite';
import { startServerProcess } from './test/server-process';

// The built command line, on a database file of its own.
const dir = mkdtempSync(join(tmpdir(), 'procura-cli-'));
const file = join(dir, 'cli.sqlite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (...args: string[]) =>
  spawnSync('node', ['dist/server/cli.js', ...args], { env: { ...process.env, DATABASE_URL: `sqlite:${file}` }, encoding: 'utf8' });

/** The command line's partner, which a test may give other details. */
const CLI_PARTNER = {
  id: 'pt_cli',
  company: 'Cli Co',
  email: 'cli@example.co.za',
  name: 'Cli',
  website: 'https://cli.example.co.za',
  type: 'software',
  integration: 'api',
  useCase: 'Testing the command line',
  keyHash: 'h',
  keyPrefix: 'procura_live_abcdef',
};

/** The file migrated by the command line, with a Starter partner added; answers it open and the time the partner was added at. */
function migratedWithPartner(details: Partial<typeof CLI_PARTNER> = {}) {
  const p = { ...CLI_PARTNER, ...details };
  expect(cli('migrate').status).toBe(0);
  const db = openSqlite(file);
  const at = new Date().toISOString();
  db.prepare(
    `insert into partners (id, company_name, contact_email, contact_name, website, business_type, integration_type, monthly_traffic, use_case, tier, key_hash, key_prefix, key_created_at, created_at)
     values (?, ?, ?, ?, ?, ?, ?, '1k-10k', ?, 'starter', ?, ?, ?, ?)`,
  ).run(p.id, p.company, p.email, p.name, p.website, p.type, p.integration, p.useCase, p.keyHash, p.keyPrefix, at, at);
  return { db, at };
}

describe('cli partner-tier', () => {
  it('moves a partner to another tier, and refuses an unknown partner or tier', () => {
    const { db } = migratedWithPartner();

    const moved = cli('partner-tier', 'pt_cli', 'professional');
    expect(moved.status).toBe(0);
    expect(moved.stdout).toContain('Partner pt_cli is now on the Professional tier');
    expect(db.prepare("select tier from partners where id = 'pt_cli'").get()).toEqual({ tier: 'professional' });

    const unknown = cli('partner-tier', 'pt_nobody', 'enterprise');
    expect([unknown.status, unknown.stderr.trim()]).toEqual([1, 'No partner pt_nobody.']);
    const badTier = cli('partner-tier', 'pt_cli', 'gold');
    expect([badTier.status, badTier.stderr.trim()]).toEqual([1, 'partner-tier needs a partner id and one of starter, professional, enterprise']);
    expect(db.prepare("select tier from partners where id = 'pt_cli'").get()).toEqual({ tier: 'professional' });
    db.close();
  });
});

describe('cli outbox-resend', () => {
  it('queues dead e-mails again, and with --held those kept while SMTP_URL was unset', () => {
    expect(cli('migrate').status).toBe(0);
    const db = openSqlite(file);
    const at = new Date().toISOString();
    const insert = db.prepare(
      `insert into outbox (message_id, kind, recipient, priority, payload, status, attempts, next_attempt_at, created_at)
       values (?, 'partner-welcome', 'resend@example.co.za', 1, '{"partnerId":"pt_resend"}', ?, ?, ?, ?)`,
    );
    insert.run('<held@procura.test>', 'held', 0, at, at);
    insert.run('<dead@procura.test>', 'dead', 8, at, at);
    const statuses = () => db.prepare("select status from outbox where recipient = 'resend@example.co.za' order by message_id").all();

    const deadOnly = cli('outbox-resend');
    expect(deadOnly.stdout).toContain('1 dead e-mail queued again');
    expect(statuses()).toEqual([{ status: 'pending' }, { status: 'held' }]);

    const withHeld = cli('outbox-resend', '--held');
    expect(withHeld.status).toBe(0);
    expect(withHeld.stdout).toContain('0 dead e-mails and 1 held e-mail queued again; a running server with SMTP_URL set sends them within a second.');
    expect(statuses()).toEqual([{ status: 'pending' }, { status: 'pending' }]);
    db.prepare("delete from outbox where recipient = 'resend@example.co.za'").run();
    db.close();
  });
});

describe('cli partner-delete', () => {
  it("deletes a partner's key and contact details and the e-mails that carry them, and keeps its counts", () => {
    const { db, at } = migratedWithPartner({
      id: 'pt_gone',
      company: 'Gone Co',
      email: 'lerato@gone.example.co.za',
      name: 'Lerato Dlamini',
      website: 'https://gone.example.co.za',
      type: 'directory',
      integration: 'widget',
      useCase: 'Call Lerato on 083 555 0100 about it',
      keyHash: 'abc123',
      keyPrefix: 'procura_live_gone00',
    });
    db.prepare(
      `insert into outbox (message_id, kind, recipient, priority, payload, status, attempts, next_attempt_at, created_at)
       values ('<welcome-gone@procura.test>', 'partner-welcome', 'lerato@gone.example.co.za', 1, '{"partnerId":"pt_gone"}', 'sent', 1, ?, ?)`,
    ).run(at, at);
    db.prepare(
      `insert into widget_loads (partner_id, embed_id, referrer_host, day, loads, compact, theme, hide_procura_branding) values ('pt_gone', 'main', 'gone.example.co.za', ?, 7, 0, 'light', 0)`,
    ).run(at.slice(0, 10));

    const deleted = cli('partner-delete', 'pt_gone');
    expect(deleted.status).toBe(0);
    expect(deleted.stdout).toContain(
      'Partner pt_gone is deleted: its API key, contact details and 1 e-mail about its registration are gone; its RFQs and widget loads still count, anonymously.',
    );
    const row = db.prepare("select * from partners where id = 'pt_gone'").get() as Record<string, unknown>;
    expect(row).toMatchObject({ contact_email: '', contact_name: '', key_prefix: '', tier: 'starter' });
    expect(row.deleted_at).toEqual(expect.any(String));
    expect(JSON.stringify(row)).not.toMatch(/lerato|gone\.example|abc123|083 555/i);
    expect(db.prepare("select count(*) as n from outbox where recipient = 'lerato@gone.example.co.za'").get()).toEqual({ n: 0 });
    expect(db.prepare("select loads from widget_loads where partner_id = 'pt_gone'").get()).toEqual({ loads: 7 });

    const again = cli('partner-delete', 'pt_gone');
    expect([again.status, again.stderr.trim()]).toEqual([1, 'No partner pt_gone, or it was deleted already.']);
    db.close();
  });
});

describe('cli staff accounts', () => {
  it('adds a staff member with a one-time link, lists, resets, disables and lets them back in with a new password', () => {
    expect(cli('migrate').status).toBe(0);
    const added = cli('staff-add', '--email', 'Thandi@Procura.example', '--name', 'Thandi Nkosi', '--role', 'admin');
    expect(added.status).toBe(0);
    const link = /^(http:\/\/localhost:3000\/staff\/set-password#st_[A-Za-z0-9_-]{43})$/m.exec(added.stdout)?.[1];
    expect(link).toBeDefined();
    expect(added.stdout).toContain('It works once, within 24 hours');

    const twice = cli('staff-add', '--email', 'thandi@procura.example', '--name', 'Thandi', '--role', 'sales');
    expect([twice.status, twice.stderr.trim()]).toEqual([1, 'thandi@procura.example is already a staff member; staff-reset gives them a new link.']);
    const badRole = cli('staff-add', '--email', 'x@procura.example', '--name', 'X', '--role', 'owner');
    expect([badRole.status, badRole.stderr.trim()]).toEqual([1, 'staff-add needs --name and --role admin|sales']);

    expect(cli('staff-list').stdout).toContain('thandi@procura.example\tThandi Nkosi\tadmin\tpassword not set yet');
    const reset = cli('staff-reset', '--email', 'thandi@procura.example');
    expect(reset.status).toBe(0);
    expect(reset.stdout).not.toContain(link!);
    const db = openSqlite(file);
    expect(db.prepare("select count(*) as n from sign_in_links where kind = 'staff'").get()).toEqual({ n: 1 });

    expect(cli('staff-disable', '--email', 'thandi@procura.example').stdout).toContain('thandi@procura.example is disabled');
    expect(cli('staff-list').stdout).toContain('thandi@procura.example\tThandi Nkosi\tadmin\tdisabled');
    expect(db.prepare("select count(*) as n from sign_in_links where kind = 'staff'").get()).toEqual({ n: 0 });
    expect(cli('staff-reset', '--email', 'thandi@procura.example').stderr.trim()).toBe('thandi@procura.example is disabled.');

    const enabled = cli('staff-enable', '--email', 'thandi@procura.example');
    expect(enabled.stdout).toMatch(/set-password#st_[\w-]{43}$/m);
    expect(cli('staff-list').stdout).toContain('thandi@procura.example\tThandi Nkosi\tadmin\tpassword not set yet');
    expect(db.prepare("select count(*) as n from sign_in_links where kind = 'staff'").get()).toEqual({ n: 1 });
    const again = cli('staff-enable', '--email', 'thandi@procura.example');
    expect([again.status, again.stderr.trim()]).toEqual([1, 'thandi@procura.example is not disabled; staff-reset gives them a new link.']);
    const unknown = cli('staff-reset', '--email', 'nobody@procura.example');
    expect([unknown.status, unknown.stderr.trim()]).toEqual([1, 'No staff member nobody@procura.example.']);
    db.close();
  }, 60_000); // a dozen commands, each hashing or checking a password: a guard against a hang, not a measure
});

describe('cli links', () => {
  const other = join(dir, 'links.sqlite');
  const run = (env: Record<string, string>, ...args: string[]) =>
    spawnSync('node', ['dist/server/cli.js', ...args], { env: { PATH: process.env.PATH ?? '', DATABASE_URL: `sqlite:${other}`, ...env }, encoding: 'utf8' });

  it('use PUBLIC_URL, else PORT, as the server does, else the address the server on this database started with, and say which', async () => {
    const first = run({}, 'staff-add', '--email', 'lindiwe@procura.example', '--name', 'Lindiwe Zulu', '--role', 'sales');
    expect(first.stdout).toMatch(/^http:\/\/localhost:3000\/staff\/set-password#st_[\w-]{43}$/m);
    expect(first.stdout).toContain(
      'Address: http://localhost:3000, the default: PUBLIC_URL and PORT are not set here, and no server has started on this database yet.',
    );

    // The server runs on another port, with no PUBLIC_URL; the command line, in another terminal, sets neither.
    const server = await startServerProcess(() => ({ DATABASE_URL: `sqlite:${other}`, SEED_ON_EMPTY: 'false' }));
    server.child.kill('SIGTERM');
    await server.exited;
    const { port } = server;
    const reset = run({}, 'staff-reset', '--email', 'lindiwe@procura.example');
    expect(reset.stdout).toMatch(new RegExp(`^http://localhost:${port}/staff/set-password#st_[\\w-]{43}$`, 'm'));
    expect(reset.stdout).toContain(`Address: http://localhost:${port}, the one the server on this database started with; set PUBLIC_URL to use another.`);

    const byPort = run({ PORT: '4799' }, 'staff-reset', '--email', 'lindiwe@procura.example');
    expect(byPort.stdout).toMatch(/^http:\/\/localhost:4799\/staff\/set-password/m);
    expect(byPort.stdout).toContain('Address: http://localhost:4799, from PORT, as the server makes it when PUBLIC_URL is not set.');
    const byUrl = run({ PUBLIC_URL: 'https://procura.example/', PORT: '4799' }, 'staff-reset', '--email', 'lindiwe@procura.example');
    expect(byUrl.stdout).toMatch(/^https:\/\/procura\.example\/staff\/set-password/m);
    expect(byUrl.stdout).toContain('Address: https://procura.example, from PUBLIC_URL.');
  }, 60_000);
});

describe('cli supplier-invite', () => {
  it("adds a user to a supplier's workspace and e-mails a sign-in link, and refuses an unknown supplier", () => {
    expect(cli('migrate').status).toBe(0);
    expect(cli('seed').status).toBe(0);
    const invited = cli('supplier-invite', '1', 'Owner@Supplier.example', '--name', 'Nomsa Khumalo');
    expect(invited.status).toBe(0);
    const db = openSqlite(file);
    const { name } = db.prepare('select name from suppliers where id = 1').get() as { name: string };
    expect(invited.stdout).toContain(`owner@supplier.example can now sign in to the workspace of ${name} (supplier 1). A sign-in link is on its way by e-mail`);
    expect(db.prepare("select supplier_id, name from supplier_users where email = 'owner@supplier.example'").get()).toEqual({
      supplier_id: 1,
      name: 'Nomsa Khumalo',
    });
    expect(db.prepare("select count(*) as n from outbox where kind = 'supplier-sign-in' and recipient = 'owner@supplier.example'").get()).toEqual({ n: 1 });
    // Audited as the portal's invitations are, by no staff member: the command line.
    expect(db.prepare('select staff_id, action, rows, detail from staff_audit order by id desc limit 1').get()).toEqual({
      staff_id: null,
      action: 'suppliers.invite',
      rows: 1,
      detail: 'supplier 1',
    });
    db.close();
    const unknown = cli('supplier-invite', '999999', 'x@supplier.example');
    expect([unknown.status, unknown.stderr.trim()]).toEqual([
      1,
      'No supplier has the id 999999. node dist/server/cli.js suppliers --find <part of its name> lists suppliers with their ids.',
    ]);
    const bad = cli('supplier-invite', ' ', 'x@supplier.example');
    expect([bad.status, bad.stderr.trim()]).toEqual([1, 'supplier-invite needs a supplier (its id or name) and an e-mail address']);
  }, 90_000); // several commands, each starting node and opening the database: a guard against a hang
});

describe('cli suppliers --find and supplier-invite by name', () => {
  type Row = { id: number; name: string; city: string; email: string };
  /** The seeded suppliers whose name contains `text` in any case, as the command lists them. */
  const named = (text: string) => {
    const db = openSqlite(file);
    const rows = db
      .prepare('select s.id, s.name, c.name as city, s.email from suppliers s join cities c on c.id = s.home_city_id order by s.name, s.id')
      .all() as Row[];
    db.close();
    return rows.filter((r) => r.name.toLowerCase().includes(text.toLowerCase()));
  };
  const line = (r: Row) => `${r.id}\t${r.name}\t${r.city}\t${r.email}`;

  it('lists the suppliers whose name contains the text, in any case, with their ids; none is an error', () => {
    expect(cli('migrate').status).toBe(0);
    expect(cli('seed').status).toBe(0);
    const cleaning = named('cleaning co.');
    expect(cleaning.length).toBeGreaterThan(1);
    const found = cli('suppliers', '--find', 'CLEANING co.');
    expect(found.status).toBe(0);
    expect(found.stdout).toContain(`${cleaning.length} suppliers' names contain "CLEANING co.":\nid\tname\tcity\te-mail\n${cleaning.map(line).join('\n')}\n`);

    // LIKE's own characters are read as themselves: no name holds a per cent sign.
    const none = cli('suppliers', '--find', '%');
    expect([none.status, none.stderr.trim()]).toEqual([1, 'No supplier\'s name contains "%".']);
    const bare = cli('suppliers');
    expect([bare.status, bare.stderr.trim()]).toEqual([1, "suppliers needs --find with a part of a supplier's name"]);
  }, 90_000); // several commands, each starting node and opening the database: a guard against a hang

  it('invites to the supplier named whole in any case, or by a part no other name holds, and lists the suppliers an ambiguous name could mean', () => {
    expect(cli('migrate').status).toBe(0);
    expect(cli('seed').status).toBe(0);
    const cleaning = named('cleaning co.');
    const first = cleaning[0]!;
    // A supplier by the first two words of its name ("Tugela Cleaning"), which no other supplier's name contains.
    const partOf = (r: Row) => r.name.split(' ').slice(0, 2).join(' ');
    const second = cleaning.find((r) => r.id !== first.id && named(partOf(r)).length === 1);
    expect(second).toBeDefined();
    const db = openSqlite(file);
    const userOf = (email: string) => db.prepare('select supplier_id from supplier_users where email = ?').get(email);

    const whole = cli('supplier-invite', first.name.toUpperCase(), 'thabo@whole.example', '--name', 'Thabo Mokoena');
    expect(whole.status).toBe(0);
    expect(whole.stdout).toContain(`thabo@whole.example can now sign in to the workspace of ${first.name} (supplier ${first.id}).`);
    expect(userOf('thabo@whole.example')).toEqual({ supplier_id: first.id });

    const byPart = cli('supplier-invite', partOf(second!).toLowerCase(), 'zanele@part.example');
    expect(byPart.status).toBe(0);
    expect(byPart.stdout).toContain(`zanele@part.example can now sign in to the workspace of ${second!.name} (supplier ${second!.id}).`);
    expect(userOf('zanele@part.example')).toEqual({ supplier_id: second!.id });

    const ambiguous = cli('supplier-invite', 'cleaning co', 'x@ambiguous.example');
    const could = named('cleaning co');
    expect([ambiguous.status, ambiguous.stderr.trim()]).toEqual([
      1,
      `"cleaning co" could be any of ${could.length} suppliers: name one by its id.\n${could.map((r) => `  ${line(r)}`).join('\n')}`,
    ]);
    const unknown = cli('supplier-invite', 'Nobody Trading', 'x@unknown.example');
    expect([unknown.status, unknown.stderr.trim()]).toEqual([
      1,
      'No supplier\'s name contains "Nobody Trading". node dist/server/cli.js suppliers --find <part of its name> lists suppliers with their ids.',
    ]);
    expect(db.prepare("select count(*) as n from supplier_users where email in ('x@ambiguous.example', 'x@unknown.example')").get()).toEqual({ n: 0 });
    db.close();
  }, 90_000); // several commands, each starting node and opening the database: a guard against a hang
});
