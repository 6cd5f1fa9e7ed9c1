import type { Executor } from './db/executor';

const KEY = 'served_public_url';

/** Records the address a starting server serves at, so the command line's links can use it too. */
export async function recordServedAddress(db: Executor, publicUrl: string): Promise<void> {
  await db
    .insertInto('meta')
    .values({ key: KEY, value: publicUrl })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: publicUrl }))
    .execute();
}

/** The address the server on this database last started with, if one has. */
export async function servedAddress(db: Executor): Promise<string | undefined> {
  return (await db.selectFrom('meta').select('value').where('key', '=', KEY).executeTakeFirst())?.value;
}

/**
 * The address the command line's links use, and why, in words: the server's own rule (PUBLIC_URL,
 * else http://localhost:PORT) when this process's environment sets either; else the address the
 * server on this database started with, as a command run in another terminal usually lacks the
 * server's settings; else the server's default.
 */
export function linkAddress(
  env: { PUBLIC_URL?: string | undefined; PORT?: string | undefined },
  publicUrl: string,
  served: string | undefined,
): { url: string; why: string } {
  if (env.PUBLIC_URL) return { url: publicUrl, why: 'from PUBLIC_URL.' };
  if (env.PORT) return { url: publicUrl, why: 'from PORT, as the server makes it when PUBLIC_URL is not set.' };
  if (served) return { url: served, why: 'the one the server on this database started with; set PUBLIC_URL to use another.' };
  return { url: publicUrl, why: 'the default: PUBLIC_URL and PORT are not set here, and no server has started on this database yet.' };
}
