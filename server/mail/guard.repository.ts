import type { Executor } from '../db/executor';
import { numbersParameters, runStatement } from '../db/statements';
import type { Insertable } from 'kysely';
import type { MailLinksTable, MailSuppressionsTable } from '../db/schema';

/** What the guard counts of a mailbox. */
export type AddressCount = 'requests' | 'quote_emails' | 'data_requests' | 'registration_emails';
export type AddressCounts = Record<AddressCount, number>;

/** The ten minutes an ISO date-time falls in, as address counts are keyed: `2026-11-27T10:4`. */
function slotOf(iso: string): string {
  return iso.slice(0, 15);
}

/**
 * Adds `add` to a mailbox's counts of the ten minutes `now` falls in (one upsert, so two
 * processes counting at once both count) and answers its counts over the slots since `since`'s,
 * both included: a rolling window to ten minutes, which may count up to ten minutes more than it,
 * never less.
 */
async function countAddress(
  db: Executor,
  { addressHash, add, now, since }: { addressHash: string; add: Partial<AddressCounts>; now: string; since: string },
): Promise<AddressCounts> {
  const slot = slotOf(now);
  await runStatement(
    db,
    `insert into address_counts (address_hash, slot, requests, quote_emails, data_requests, registration_emails) values (?, ?, ?, ?, ?, ?)
     on conflict (address_hash, slot) do update set requests = address_counts.requests + excluded.requests,
       quote_emails = address_counts.quote_emails + excluded.quote_emails, data_requests = address_counts.data_requests + excluded.data_requests,
       registration_emails = address_counts.registration_emails + excluded.registration_emails`,
    [addressHash, slot, add.requests ?? 0, add.quote_emails ?? 0, add.data_requests ?? 0, add.registration_emails ?? 0],
  );
  const [row] = await runStatement<AddressCounts>(
    db,
    `select coalesce(sum(requests), 0) as requests, coalesce(sum(quote_emails), 0) as quote_emails, coalesce(sum(data_requests), 0) as data_requests,
       coalesce(sum(registration_emails), 0) as registration_emails
     from address_counts where address_hash = ? and slot >= ?`,
    [addressHash, slotOf(since)],
  );
  return {
    requests: Number(row!.requests),
    quote_emails: Number(row!.quote_emails),
    data_requests: Number(row!.data_requests),
    registration_emails: Number(row!.registration_emails),
  };
}

const COUNTS = ['requests', 'quote_emails', 'data_requests', 'registration_emails'] as const;
/**
 * PostgreSQL's statement for {@link countAddresses}, one text for any number of addresses and look-ups (arrays of
 * them), so each connection prepares it once. Its parameters are read as one row of a materialized `p`, which the
 * planner sees as a row like any other: planned with the arrays as constants, PostgreSQL costs the statement by their
 * lengths, always finds that cheaper than the plan it would keep (which assumes ten elements), and so plans the
 * statement afresh on every call: about a tenth of its CPU per quote request in the bench. Behind `p`, every call costs
 * the same, and after its first five it keeps one plan.
 */
const COUNT_TEXT = `with p as materialized (select ?::text[] as hashes, ?::text[] as slots, ${COUNTS.map((c) => `?::int[] as ${c}`).join(', ')},
       ?::text as since, ?::text[] as suppressed),
   up as (insert into address_counts (address_hash, slot, ${COUNTS.join(', ')})
     select u.* from p cross join lateral unnest(p.hashes, p.slots, ${COUNTS.map((c) => `p.${c}`).join(', ')}) u
     on conflict (address_hash, slot) do update set ${COUNTS.map((c) => `${c} = address_counts.${c} + excluded.${c}`).join(', ')}
     returning address_hash, slot, ${COUNTS.join(', ')})
   select false as suppressed, up.address_hash, ${COUNTS.map((c) => `up.${c} + older.${c} as ${c}`).join(', ')}
   from up cross join p cross join lateral (select ${COUNTS.map((c) => `coalesce(sum(o.${c}), 0) as ${c}`).join(', ')}
     from address_counts o where o.address_hash = up.address_hash and o.slot >= p.since and o.slot <> up.slot) older
   union all select true, s.address_hash, ${COUNTS.map(() => '0').join(', ')} from p join mail_suppressions s on s.address_hash = any(p.suppressed)`;

/**
 * {@link countAddress} for several mailboxes or domains at once (each hash once), their counts in
 * the order given, and which of `suppressedAmong` (address hashes) are on the suppression list.
 * On PostgreSQL one statement (the upsert a data-modifying WITH whose rows are added to the older
 * slots' sums, which the statement's snapshot reads without them, and the list read beside it),
 * so a request's counting costs one round trip; on SQLite, which has no round trips, one after
 * another.
 */
export async function countAddresses(
  db: Executor,
  {
    entries,
    now,
    since,
    suppressedAmong = [],
  }: { entries: { addressHash: string; add: Partial<AddressCounts> }[]; now: string; since: string; suppressedAmong?: string[] },
): Promise<{ counts: AddressCounts[]; suppressed: Set<string> }> {
  if (entries.length === 0 || !numbersParameters(db)) {
    const suppressed = await suppressedHashes(db, suppressedAmong);
    const counts: AddressCounts[] = [];
    for (const { addressHash, add } of entries) counts.push(await countAddress(db, { addressHash, add, now, since }));
    return { counts, suppressed };
  }
  const slot = slotOf(now);
  const values = [
    entries.map((e) => e.addressHash),
    entries.map(() => slot),
    ...COUNTS.map((c) => entries.map((e) => e.add[c] ?? 0)),
    slotOf(since),
    suppressedAmong,
  ];
  const rows = await runStatement<{ suppressed: boolean; address_hash: string } & AddressCounts>(db, COUNT_TEXT, values);
  const byHash = new Map(rows.filter((r) => !r.suppressed).map((r) => [r.address_hash, r]));
  const counts = entries.map(({ addressHash }) => {
    const row = byHash.get(addressHash)!;
    return {
      requests: Number(row.requests),
      quote_emails: Number(row.quote_emails),
      data_requests: Number(row.data_requests),
      registration_emails: Number(row.registration_emails),
    };
  });
  return { counts, suppressed: new Set(rows.filter((r) => r.suppressed).map((r) => r.address_hash)) };
}

/** What {@link countAddresses} counts for one caller: its entries, their window, the hashes it looks up. */
export interface AddressCounting {
  entries: { addressHash: string; add: Partial<AddressCounts> }[];
  now: string;
  since: string;
  suppressedAmong?: string[];
}

/**
 * {@link countAddresses} for several callers at once (the requests of one transaction), in one statement for each ten
 * minutes their times fall in (one, but for a batch across a slot's edge): a hash several callers count is counted once,
 * by their sum, and each caller answered the counts it would have read had they counted one after another in the order
 * given, and which of its own `suppressedAmong` are on the suppression list.
 */
export async function countAddressesTogether(
  db: Executor,
  callers: readonly AddressCounting[],
): Promise<{ counts: AddressCounts[]; suppressed: Set<string> }[]> {
  const answers: { counts: AddressCounts[]; suppressed: Set<string> }[] = new Array(callers.length);
  const bySlot = new Map<string, number[]>();
  callers.forEach((c, i) => {
    const key = `${slotOf(c.now)} ${slotOf(c.since)}`;
    const at = bySlot.get(key);
    if (at) at.push(i);
    else bySlot.set(key, [i]);
  });
  for (const at of bySlot.values()) {
    const sums = new Map<string, AddressCounts>();
    for (const i of at) {
      for (const { addressHash, add } of callers[i]!.entries) {
        const sum = sums.get(addressHash) ?? { requests: 0, quote_emails: 0, data_requests: 0, registration_emails: 0 };
        for (const c of COUNTS) sum[c] += add[c] ?? 0;
        sums.set(addressHash, sum);
      }
    }
    const first = callers[at[0]!]!;
    const lookups = [...new Set(at.flatMap((i) => callers[i]!.suppressedAmong ?? []))];
    const hashes = [...sums.keys()];
    const { counts, suppressed } = await countAddresses(db, {
      entries: hashes.map((addressHash) => ({ addressHash, add: sums.get(addressHash)! })),
      now: first.now,
      since: first.since,
      suppressedAmong: lookups,
    });
    // Each hash's count after every caller's; walking back from the last caller, each reads it less the callers' after it.
    const after = new Map(hashes.map((h, k) => [h, { ...counts[k]! }]));
    for (const i of [...at].reverse()) {
      const caller = callers[i]!;
      answers[i] = {
        counts: caller.entries.map(({ addressHash, add }) => {
          const total = after.get(addressHash)!;
          const read = { ...total };
          for (const c of COUNTS) total[c] -= add[c] ?? 0;
          return read;
        }),
        suppressed: new Set((caller.suppressedAmong ?? []).filter((h) => suppressed.has(h))),
      };
    }
  }
  return answers;
}

/** Takes back one count of this slot's, for a refusal that should not count. */
export async function uncountAddress(db: Executor, { addressHash, count, now }: { addressHash: string; count: AddressCount; now: string }): Promise<void> {
  await db
    .updateTable('address_counts')
    .set((eb) => ({ [count]: eb(eb.ref(count), '-', 1) }))
    .where('address_hash', '=', addressHash)
    .where('slot', '=', slotOf(now))
    .execute();
}

/** Drops the counts of slots before any window counts. */
export async function pruneAddressCounts(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('address_counts').where('slot', '<', slotOf(before)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Which of the hashes are on the suppression list. */
export async function suppressedHashes(db: Executor, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await runStatement<{ address_hash: string }>(
    db,
    `select address_hash from mail_suppressions where address_hash in (${hashes.map(() => '?').join(', ')})`,
    hashes,
  );
  return new Set(rows.map((r) => r.address_hash));
}

/** A buyer e-mail's unsubscribe link as stored. */
export type MailLinkRow = Insertable<MailLinksTable>;

/**
 * Deletes the links of buyer e-mails written before `before`, and answers how many. A link's key starts with its time
 * (`prefix`, the key's form since late 2026, always starting with `0`), so the links to go lead the key's index; a key
 * of the older form is a bare hex hash, which starts with `0` to `f`, and those starting with `1` or later are read as a
 * range of their own, a set that only shrinks. The time written with each decides.
 */
export async function deleteMailLinksBefore(db: Executor, before: string, prefix: string): Promise<number> {
  const result = await db
    .deleteFrom('mail_links')
    .where((eb) => eb.or([eb('token_hash', '<', prefix), eb('token_hash', '>=', '1')]))
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findMailLink(db: Executor, tokenHash: string) {
  return db
    .selectFrom('mail_links')
    .leftJoin('mail_suppressions', 'mail_suppressions.address_hash', 'mail_links.address_hash')
    .select(['mail_links.address_hash', 'mail_links.masked_address', 'mail_suppressions.reason'])
    .where('mail_links.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Puts an address on the suppression list; a second request keeps the first reason. */
export async function suppressAddress(db: Executor, addressHash: string, reason: MailSuppressionsTable['reason'], now: string): Promise<void> {
  await db
    .insertInto('mail_suppressions')
    .values({ address_hash: addressHash, reason, created_at: now })
    .onConflict((oc) => oc.column('address_hash').doNothing())
    .execute();
}

export async function unsuppressAddress(db: Executor, addressHash: string): Promise<void> {
  await db.deleteFrom('mail_suppressions').where('address_hash', '=', addressHash).execute();
}
