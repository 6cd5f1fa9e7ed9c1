// The records section: what a returning buyer and a supplier's track record cost to read. A buyer
// with 500 requests reads the first page of its history, and anyone reads the scorecard of the
// supplier with the most recorded orders, each for SECONDS over CONNECTIONS connections.
import { randomBytes, createHash } from 'node:crypto';
import http from 'node:http';
import Database from 'better-sqlite3';
import { FILE, measured, post, rfqBody, run, startServer } from './harness.mjs';

/** The requests the buyer has made before it reads its history. */
export const HISTORY_REQUESTS = 500;
const BUYER = 'returning@buyer-history.example.co.za';

export async function recordsSection() {
  const server = await startServer();
  // Each request takes the whole path of POST /api/rfq, quotes and e-mails into the outbox included.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < HISTORY_REQUESTS; i++) {
    const status = await post(`${server.base}/api/rfq`, JSON.stringify({ ...JSON.parse(rfqBody(i)), primaryEmail: BUYER }), agent);
    if (status !== 201) throw new Error(`POST /api/rfq answered ${status} for the history's request ${i + 1}`);
  }
  agent.destroy();
  // A signed-in browser of the buyer's account, as spending its e-mailed link leaves one: the
  // session id's SHA-256 is what the database keeps.
  const sessionId = randomBytes(32).toString('base64url');
  const db = new Database(FILE);
  const now = new Date();
  const at = now.toISOString();
  const accountId = db.prepare('insert into buyer_accounts (email, created_at, last_sign_in_at) values (?, ?, ?)').run(BUYER, at, at).lastInsertRowid;
  db.prepare('insert into buyer_sessions (id_hash, buyer_account_id, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?)').run(
    createHash('sha256').update(sessionId).digest('hex'),
    accountId,
    at,
    at,
    new Date(now.getTime() + 86_400_000).toISOString(),
  );
  const supplier =
    db
      .prepare(
        `select s.slug from suppliers s join quotes q on q.supplier_id = s.id join purchase_orders p on p.quote_id = q.id
       group by s.id order by count(*) desc, s.id limit 1`,
      )
      .get() ?? db.prepare('select slug from suppliers order by id limit 1').get();
  db.close();

  const history = await measured([server], () =>
    run(`${server.base}/api/buyer/requests`, { headers: { cookie: `procura_buyer=${sessionId}`, accept: 'application/json' } }),
  );
  const scorecard = await measured([server], () => run(`${server.base}/api/suppliers/${supplier.slug}/scorecard`, {}));
  await server.stop();
  for (const [name, figures] of [
    ['buyer history', history],
    ['scorecard', scorecard],
  ]) {
    if (figures.non_2xx > 0) throw new Error(`The ${name} read answered ${JSON.stringify(figures.non_2xx_statuses)}`);
  }
  return { buyer_history: { requests_held: HISTORY_REQUESTS, ...history }, scorecard: { supplier: supplier.slug, ...scorecard } };
}
