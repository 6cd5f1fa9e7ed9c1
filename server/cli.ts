import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { isMarketEmpty, seedMarket } from './db/seed';
import { countOutbox, deletePartnerEmails, listOutbox, requeueRows } from './mail/outbox.repository';
import { deletePartnerDetails, setPartnerTier } from './partners/partners.repository';
import { API_TIERS, type ApiTier } from '../sdk/data-api';
import { isEmailShaped } from '../sdk/email';
import { STAFF_ROLES, type StaffRole } from '../contract/schemas/staff';
import { linkAddress, servedAddress } from './served-address';
import pino from 'pino';
import { GroupCommit } from './db/group-commit';
import { Outbox } from './mail/outbox';
import { inviteSupplierUser, SIGN_IN_LINK_MINUTES } from './supplier/supplier-users.service';
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
  node dist/server/cli.js supplier-invite SUPPLIER_ID EMAIL [--name N]
                                              add a user to a supplier's workspace and e-mail
                                              them a sign-in link (valid 15 minutes; a new one
                                              from the sign-in page at /supplier/sign-in)

The database is DATABASE_URL (default sqlite:./data/procura.sqlite).
Without --suppliers, seed writes the starter market; with it, a large generated one for benchmarks.`;

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
      'supplier-invite',
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
  if (command === 'supplier-invite' && (!/^[1-9]\d*$/.test(inviteSupplier ?? '') || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(inviteEmail ?? ''))) {
    throw new Error('supplier-invite needs a supplier id and an e-mail address');
  }
  const suppliers = count('suppliers', values.suppliers);
  const offers = count('offers', values.offers);

  const config = loadConfig();
  const database = createDatabase(config.databaseUrl, { poolMax: config.databasePoolMax });
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
    if (command === 'supplier-invite') {
      const outbox = new Outbox(config, database, pino({ level: 'silent' }));
      try {
        const user = await inviteSupplierUser(
          { database, outbox, writes: new GroupCommit(database.db), clock: Date.now },
          { supplierId: Number(inviteSupplier), email: inviteEmail!, name: values.name?.trim() || inviteEmail!.split('@')[0]! },
          { commandLine: true },
        );
        console.log(
          `${user.email} can now sign in to supplier ${inviteSupplier}'s workspace. A sign-in link is on its way by e-mail ` +
            `(${outbox.holding ? 'held in the development mailbox: SMTP_URL is not set' : 'sent by the running server'}); it works once, within ${SIGN_IN_LINK_MINUTES} minutes.`,
        );
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
