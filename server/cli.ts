import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/database';
import { DEFAULT_DATABASE_URL } from './db/database-url';
import { migrateToLatest } from './db/migrate';
import { isMarketEmpty, seedMarket } from './db/seed';
import { countOutbox, deletePartnerEmails, listOutbox, requeueRows } from './mail/outbox.repository';
import { deletePartnerDetails, setPartnerTier } from './partners/partners.repository';
import { API_TIERS, type ApiTier } from '../contract/data-api';
import { isEmailShaped } from '../sdk/email';
import { STAFF_ROLES, type StaffRole } from '../contract/schemas/staff';
import { linkAddress, servedAddress } from './served-address';
import pino from 'pino';
import { GroupCommit } from './db/group-commit';
import { openOutbox } from './mail-sender/sender';
import { MarketStore } from './catalogue/market-store';
import { SIGN_IN_LINK_MINUTES } from './supplier/supplier-users.service';
import { inviteSupplierUser } from './supplier/supplier-invitations.service';
import { findSupplier, findSuppliersNamed } from './supplier/supplier-users.repository';
import type { Executor } from './db/executor';
import { closeMonth, closeReport } from './billing/month-close.service';
import { addStaff, disableStaff, enableStaff, listStaff, resetStaff, SET_PASSWORD_LINK_HOURS } from './staff/staff.service';

const isApiTier = (v: string | undefined): v is ApiTier => v !== undefined && Object.hasOwn(API_TIERS, v);

const USAGE = `Usage:
  node dist/server/cli.js migrate
  node dist/server/cli.js seed [--suppliers N --offers M]
  node dist/server/cli.js outbox              e-mails in the outbox by status, and the dead ones
  node dist/server/cli.js outbox-resend [--held] [--id N ...]
                                              send dead e-mails again (all, or those named);
                                              --held also e-mails kept while SMTP_URL was unset
  node dist/server/cli.js partner-tier ID TIER
                                              move a partner to starter, professional or enterprise
  node dist/server/cli.js partner-delete ID   delete a partner's API key and contact details; its
                                              RFQ and widget-load counts stay, anonymous
  node dist/server/cli.js staff-add --email E --name N --role admin|sales
                                              add a staff member; prints their one-time link to
                                              set a password (valid 24 hours) and the address it
                                              uses: PUBLIC_URL, else http://localhost:PORT, else
                                              the one the server on this database started with
  node dist/server/cli.js staff-list          staff members, their roles and last sign-in
  node dist/server/cli.js staff-disable --email E
                                              lock an account out; its sessions end at once
  node dist/server/cli.js staff-enable --email E
                                              let a disabled account back in; prints a link to
                                              set a new password (the old one no longer works)
  node dist/server/cli.js staff-reset --email E
                                              a new set-password link; the person's sessions end
  node dist/server/cli.js close-month --month YYYY-MM [--preview]
                                              issue an ended month's supplier invoices and partner
                                              statements, once (a month closed before issues
                                              nothing new); months close in order; --preview
                                              prints what would be issued and issues nothing
  node dist/server/cli.js suppliers --find TEXT
                                              suppliers whose name contains TEXT, with their ids
  node dist/server/cli.js supplier-invite SUPPLIER EMAIL [--name N]
                                              add a user to a supplier's workspace and e-mail
                                              them a sign-in link (valid 10 minutes; a new one
                                              from the sign-in page at /supplier/sign-in);
                                              SUPPLIER is its id or its name (quoted), whole or
                                              a part that names no other supplier

The database is DATABASE_URL (default ${DEFAULT_DATABASE_URL}).
Without --suppliers, seed writes the starter market; with it, a large generated one for benchmarks.`;

/** The most suppliers `suppliers --find` lists, and an ambiguous name's error names. */
const FIND_LIMIT = 50;
const FIND_HINT = 'node dist/server/cli.js suppliers --find <part of its name> lists suppliers with their ids.';

const supplierLine = (r: { id: number; name: string; city: string; email: string }) => `${r.id}\t${r.name}\t${r.city}\t${r.email}`;

/**
 * The supplier `supplier-invite` names: by id, or by name, whole (in any case) or a part that no
 * other supplier's name contains. Anything else is refused with the suppliers it could mean.
 */
async function supplierNamed(db: Executor, given: string): Promise<{ id: number; name: string }> {
  const text = given.trim();
  if (/^\d+$/.test(text)) {
    const byId = await findSupplier(db, Number(text));
    if (!byId) throw new Error(`No supplier has the id ${text}. ${FIND_HINT}`);
    return byId;
  }
  const found = await findSuppliersNamed(db, text, FIND_LIMIT + 1);
  const whole = found.filter((r) => r.name.toLowerCase() === text.toLowerCase());
  if (whole.length === 1) return whole[0]!;
  if (whole.length === 0 && found.length === 1) return found[0]!;
  if (found.length === 0) throw new Error(`No supplier's name contains "${text}". ${FIND_HINT}`);
  const matches = whole.length > 1 ? whole : found;
  const more = matches.length > FIND_LIMIT ? `\n  and more: give more of the name.` : '';
  throw new Error(
    `"${text}" could be any of ${matches.length > FIND_LIMIT ? `more than ${FIND_LIMIT}` : matches.length} suppliers: name one by its id.\n` +
      matches
        .slice(0, FIND_LIMIT)
        .map((r) => `  ${supplierLine(r)}`)
        .join('\n') +
      more,
  );
}

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      suppliers: { type: 'string' },
      offers: { type: 'string' },
      id: { type: 'string', multiple: true },
      held: { type: 'boolean' },
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      find: { type: 'string' },
      month: { type: 'string' },
      preview: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  const command = positionals[0];
  if (
    values.help ||
    ![
      'migrate',
      'seed',
      'outbox',
      'outbox-resend',
      'partner-tier',
      'partner-delete',
      'staff-add',
      'staff-list',
      'staff-disable',
      'staff-enable',
      'staff-reset',
      'suppliers',
      'supplier-invite',
      'close-month',
    ].includes(command ?? '')
  ) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const count = (name: string, v: string | undefined) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 1_000_000) throw new Error(`--${name} must be a whole number from 1 to 1000000`);
    return n;
  };
  const ids = values.id?.map((v) => count('id', v)!);
  const [partnerId, tier] = positionals.slice(1);
  if (command === 'partner-tier' && (!partnerId || !isApiTier(tier))) {
    throw new Error(`partner-tier needs a partner id and one of ${Object.keys(API_TIERS).join(', ')}`);
  }
  if (command === 'partner-delete' && !partnerId) throw new Error('partner-delete needs a partner id');
  const isRole = (v: string | undefined): v is StaffRole => STAFF_ROLES.includes(v as StaffRole);
  if (['staff-add', 'staff-disable', 'staff-enable', 'staff-reset'].includes(command!) && !isEmailShaped(values.email ?? '')) {
    throw new Error(`${command} needs --email with an e-mail address`);
  }
  if (command === 'staff-add' && (!values.name?.trim() || !isRole(values.role))) {
    throw new Error(`staff-add needs --name and --role ${STAFF_ROLES.join('|')}`);
  }
  const [inviteSupplier, inviteEmail] = positionals.slice(1);
  if (command === 'supplier-invite' && (!inviteSupplier?.trim() || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(inviteEmail ?? ''))) {
    throw new Error('supplier-invite needs a supplier (its id or name) and an e-mail address');
  }
  if (command === 'close-month' && !/^\d{4}-\d{2}$/.test(values.month ?? '')) throw new Error('close-month needs --month YYYY-MM, such as --month 2026-12');
  if (command === 'suppliers' && !values.find?.trim()) throw new Error("suppliers needs --find with a part of a supplier's name");
  const suppliers = count('suppliers', values.suppliers);
  const offers = count('offers', values.offers);

  const config = loadConfig();
  const database = createDatabase(config.databaseUrl, { poolMax: config.databasePoolMax });
  // The e-mails a command writes (an invitation, a month's documents) cite no supplier's record: the
  // market is read only if a message needs it.
  const commandOutbox = () => openOutbox(config, database, pino({ level: 'silent' }), new MarketStore(database.db, config.marketRefreshMs));
  try {
    const applied = await migrateToLatest(database);
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Schema is up to date.');
    if (command === 'outbox') {
      const counts = await countOutbox(database.db);
      const summary = Object.entries(counts).map(([status, n]) => `${n} ${status}`);
      console.log(summary.length ? `Outbox: ${summary.join(', ')}.` : 'The outbox is empty.');
      for (const row of await listOutbox(database.db, { status: 'dead', limit: 1000 })) {
        console.log(`  #${row.id} ${row.kind} to ${row.recipient}, ${row.attempts} attempts, last error: ${row.last_error ?? 'none'}`);
      }
    }
    if (command === 'outbox-resend') {
      const now = new Date().toISOString();
      const dead = await requeueRows(database.db, { from: 'dead', ids, now });
      const held = values.held ? await requeueRows(database.db, { from: 'held', ids, now }) : 0;
      const emails = (n: number, what: string) => `${n} ${what} e-mail${n === 1 ? '' : 's'}`;
      console.log(
        `${values.held ? `${emails(dead, 'dead')} and ${emails(held, 'held')}` : emails(dead, 'dead')} queued again; ` +
          'a running server with SMTP_URL set sends them within a second.',
      );
    }
    if (command === 'partner-tier') {
      if (!(await setPartnerTier(database.db, partnerId!, tier as ApiTier))) {
        console.error(`No partner ${partnerId}.`);
        return 1;
      }
      console.log(`Partner ${partnerId} is now on the ${API_TIERS[tier as ApiTier].label} tier; their next request is counted against its limit.`);
    }
    if (command === 'partner-delete') {
      const deleted = await database.db.transaction().execute(async (trx) => {
        if (!(await deletePartnerDetails(trx, partnerId!, new Date().toISOString()))) return undefined;
        return deletePartnerEmails(trx, partnerId!);
      });
      if (deleted === undefined) {
        console.error(`No partner ${partnerId}, or it was deleted already.`);
        return 1;
      }
      console.log(
        `Partner ${partnerId} is deleted: its API key, contact details and ${deleted} e-mail${deleted === 1 ? '' : 's'} about its registration are gone; ` +
          'its RFQs and widget loads still count, anonymously.',
      );
    }
    const address = ['staff-add', 'staff-reset', 'staff-enable'].includes(command!)
      ? linkAddress(process.env, config.publicUrl, await servedAddress(database.db))
      : undefined;
    const link = (url: string) =>
      console.log(
        `Send them this link to set their password. It works once, within ${SET_PASSWORD_LINK_HOURS} hours:\n${url}\nAddress: ${address!.url}, ${address!.why}`,
      );
    if (command === 'staff-add') {
      link(await addStaff(database.db, address!.url, { email: values.email!, name: values.name!, role: values.role as StaffRole }, Date.now()));
    }
    if (command === 'staff-reset') link(await resetStaff(database.db, address!.url, values.email!, Date.now()));
    if (command === 'staff-enable') link(await enableStaff(database.db, address!.url, values.email!, Date.now()));
    if (command === 'staff-disable') {
      await disableStaff(database.db, values.email!, Date.now());
      console.log(`${values.email!.trim().toLowerCase()} is disabled; their sessions have ended.`);
    }
    if (command === 'staff-list') {
      const staff = await listStaff(database.db);
      if (staff.length === 0) console.log('No staff members yet. Add the first with staff-add.');
      for (const u of staff) {
        const state = u.disabled_at ? 'disabled' : u.password_hash ? `last sign-in ${u.last_sign_in_at ?? 'never'}` : 'password not set yet';
        console.log(`${u.email}\t${u.name}\t${u.role}\t${state}`);
      }
    }
    if (command === 'suppliers') {
      const found = await findSuppliersNamed(database.db, values.find!, FIND_LIMIT + 1);
      if (found.length === 0) {
        console.error(`No supplier's name contains "${values.find!.trim()}".`);
        return 1;
      }
      console.log(
        found.length > FIND_LIMIT
          ? `The first ${FIND_LIMIT} suppliers whose name contains "${values.find!.trim()}"; give more of the name to see the rest:`
          : `${found.length} supplier${found.length === 1 ? "'s name contains" : "s' names contain"} "${values.find!.trim()}":`,
      );
      console.log(`id\tname\tcity\te-mail`);
      for (const r of found.slice(0, FIND_LIMIT)) console.log(supplierLine(r));
    }
    if (command === 'supplier-invite') {
      const supplier = await supplierNamed(database.db, inviteSupplier!);
      const outbox = commandOutbox();
      try {
        const user = await inviteSupplierUser(
          { database, outbox, writes: new GroupCommit(database.db), clock: Date.now },
          { supplierId: supplier.id, email: inviteEmail!, name: values.name?.trim() || inviteEmail!.split('@')[0]! },
          { commandLine: true },
        );
        console.log(
          `${user.email} can now sign in to the workspace of ${supplier.name} (supplier ${supplier.id}). A sign-in link is on its way by e-mail ` +
            `(${outbox.holding ? 'held in the development mailbox: SMTP_URL is not set' : 'sent by the running server'}); it works once, within ${SIGN_IN_LINK_MINUTES} minutes.`,
        );
      } finally {
        await outbox.stop();
      }
    }
    if (command === 'close-month') {
      const outbox = commandOutbox();
      try {
        const close = await closeMonth(database.db, values.month!, config, new Date(), { staffId: null, preview: values.preview === true, outbox });
        console.log(closeReport(close));
      } finally {
        await outbox.stop();
      }
    }
    if (command === 'seed') {
      if (!(await isMarketEmpty(database.db))) {
        console.log('The database already holds market data; nothing was seeded.');
        return 0;
      }
      const summary = await seedMarket(database.db, database.dialect, { suppliers, offers });
      console.log(
        `Seeded ${summary.cities} cities, ${summary.categories} categories, ${summary.catalogueItems} catalogue items, ` +
          `${summary.suppliers} suppliers and ${summary.offers} offers.`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
