// Who a signed-in buyer is in their company: its first user's id, their role, and everyone's addresses.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import * as repo from './company.repository';

/** A signed-in buyer with their place in their company. */
export interface CompanyMember {
  id: number;
  email: string;
  companyId: number;
  role: 'approver' | 'requester';
}

/** The signed-in buyer's place in their company: its first user's id and their role. */
export async function memberOf(db: Kysely<DB>, buyer: { id: number }): Promise<CompanyMember> {
  const row = await repo.findMember(db, buyer.id);
  if (!row) throw new ApiError(401, 'unauthorized', 'Sign in to see your requests.');
  return { id: row.id, email: row.email, companyId: row.company_id ?? row.id, role: row.role };
}

/** The addresses of everyone of the buyer's company, whose requests its history shows. */
export async function companyAddresses(db: Kysely<DB>, member: CompanyMember): Promise<Map<string, string>> {
  const rows = await repo.findCompanyMembers(db, member.companyId);
  return new Map(rows.map((r) => [r.email, r.name ?? r.email]));
}
