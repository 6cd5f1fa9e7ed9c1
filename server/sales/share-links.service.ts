import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SALES_MESSAGES } from '../../contract/schemas/sales';
import type { OutreachDashboard, ShareLinkCreated, ShareLinkList } from '../../contract/schemas/outreach';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { hashSecret } from '../lib/ids';
import { recordAudit } from '../staff/audit.service';
import type { StaffMember } from '../staff/staff.service';
import { outreachDashboard } from './outreach-dashboard.service';
import * as repo from './sales.repository';

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Makes a read-only link to the analytics dashboard that works for `expiresInDays`: its address
 * is answered this once; only the token's SHA-256 is kept.
 */
export async function createShareLink(db: Kysely<DB>, publicUrl: string, staff: StaffMember, expiresInDays: number, nowMs: number): Promise<ShareLinkCreated> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = iso(nowMs + expiresInDays * DAY_MS);
  const id = await db.transaction().execute(async (trx) => {
    const linkId = await repo.insertShareLink(trx, { token_hash: hashSecret(token), created_by: staff.id, created_at: iso(nowMs), expires_at: expiresAt });
    await recordAudit(trx, { staffId: staff.id, action: 'share-links.create', rows: 1, detail: `link ${linkId}, ${expiresInDays} days` }, iso(nowMs));
    return linkId;
  });
  return { id, url: `${publicUrl}/da_${token}`, expiresAt };
}

export async function listShareLinks(db: Kysely<DB>, nowMs: number): Promise<ShareLinkList> {
  const rows = await repo.listShareLinks(db);
  const now = iso(nowMs);
  return {
    links: rows.map((r) => ({
      id: r.id,
      createdAt: r.created_at,
      createdBy: r.name,
      expiresAt: r.expires_at,
      revokedAt: r.revoked_at,
      active: r.revoked_at === null && r.expires_at > now,
    })),
  };
}

/** Revokes a link at once: its page and its data answer 404 from now on. Revoking twice is harmless. */
export async function revokeShareLink(db: Kysely<DB>, staff: StaffMember, id: number, nowMs: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.shareLinkExists(trx, id))) throw new ApiError(404, 'share_link_not_found', SALES_MESSAGES.shareLinkNotFound);
    if (await repo.revokeShareLink(trx, id, iso(nowMs))) {
      await recordAudit(trx, { staffId: staff.id, action: 'share-links.revoke', rows: 1, detail: `link ${id}` }, iso(nowMs));
    }
  });
}

/** Whether a token opens a link that is neither revoked nor expired; answers when it ends. */
export async function liveShareLink(db: Kysely<DB>, token: string, nowMs: number): Promise<{ expiresAt: string } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await repo.findLiveShareLink(db, hashSecret(token), iso(nowMs));
  return row ? { expiresAt: row.expires_at } : null;
}

/** The dashboard as a share link shows it: no staff names, no contact details; 404 once the link is gone. */
export async function sharedDashboard(db: Kysely<DB>, token: string, nowMs: number): Promise<OutreachDashboard> {
  const link = await liveShareLink(db, token, nowMs);
  if (!link) throw new ApiError(404, 'share_link_not_found', SALES_MESSAGES.shareLinkGone);
  return { ...(await outreachDashboard(db, nowMs, { shared: true })), expiresAt: link.expiresAt };
}
