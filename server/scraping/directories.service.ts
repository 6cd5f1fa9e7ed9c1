/**
 * The saved list of directory pages a list crawl reads, each checked by the fetcher before it is
 * kept.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { ApiError, invalidFields } from '../errors';
import { FetchError, type PageFetcher } from './fetcher';
import * as repo from './scraping.repository';

/** The saved directory list. */
export async function listDirectories(db: Kysely<DB>): Promise<{ url: string; addedAt: string }[]> {
  return repo.listDirectories(db);
}

/** Saves a directory URL for the list crawl, once it passes the fetcher's checks. */
export async function addDirectory(db: Kysely<DB>, fetcher: PageFetcher, url: string, now: Date): Promise<{ url: string; addedAt: string }[]> {
  if (url.trim() === '') throw invalidFields({ url: 'Please enter a URL' });
  let checked: URL;
  try {
    checked = await fetcher.checkTarget(url);
  } catch (err) {
    if (err instanceof FetchError) throw new ApiError(400, 'url_refused', err.message);
    throw err;
  }
  await repo.addDirectory(db, checked.href, now.toISOString());
  return repo.listDirectories(db);
}

export async function removeDirectory(db: Kysely<DB>, url: string): Promise<{ url: string; addedAt: string }[]> {
  if (!(await repo.removeDirectory(db, url))) throw new ApiError(404, 'not_found', 'That directory is not in the list');
  return repo.listDirectories(db);
}
