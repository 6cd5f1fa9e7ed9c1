import type { z } from 'zod';
import type { demoRequestSchema, DemoRequestResponse } from '../../contract/schemas/demo-request';
import type { ProspectTier } from '../../contract/schemas/sales';
import { MONTHLY_SPEND_ESTIMATES, MONTHLY_SPEND_LABELS } from '../../contract/schemas/demo-request';
import type { Config } from '../config';
import type { GroupCommit } from '../db/group-commit';
import type { Outbox } from '../mail/outbox';
import * as repo from './sales.repository';

export type DemoRequest = z.output<typeof demoRequestSchema>;

/** What booking a demo needs: its write and the e-mail it sends. */
export interface DemoDeps {
  writes: GroupCommit;
  outbox: Outbox;
  config: Pick<Config, 'mail'>;
}

const TIER_BY_SPEND: Record<string, ProspectTier> = { 'over-200k': 'Tier 1', '50k-200k': 'Tier 2' };

/**
 * Saves a demo booking as an inbound lead: a new prospect (source 'demo request', not contacted,
 * no owner yet, its stated monthly spend as its estimated value) with the booking beside it, and the sales team's e-mail (SALES_EMAIL) in the
 * outbox, all in one transaction.
 */
export async function bookDemo(deps: DemoDeps, input: DemoRequest, nowMs: number): Promise<DemoRequestResponse> {
  const now = new Date(nowMs).toISOString();
  const notes = [
    `Booked a demo on the website.`,
    `Monthly spend: ${input.monthlySpend ? MONTHLY_SPEND_LABELS[input.monthlySpend] : 'not given'}.`,
    input.currentSuppliers ? `Current suppliers: ${input.currentSuppliers}` : '',
    input.painPoints ? `Biggest challenge: ${input.painPoints}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const demoRequestId = await deps.writes.run(async (trx) => {
    const prospectId = await repo.insertProspect(trx, {
      company: input.companyName,
      contact: input.contactPerson,
      phone: input.phone,
      email: input.email.toLowerCase(),
      tier: (input.monthlySpend && TIER_BY_SPEND[input.monthlySpend]) || 'Tier 3',
      status: 'Not Contacted',
      last_contact: null,
      next_action: 'Reply within 24 hours and book the demo',
      notes,
      estimated_value_cents: input.monthlySpend ? MONTHLY_SPEND_ESTIMATES[input.monthlySpend] * 100 : 0,
      industry: '',
      conversion_probability: 0,
      actual_response: '',
      call_notes: '',
      source: 'demo request',
      owner_id: null,
      created_at: now,
      updated_at: now,
    });
    const id = await repo.insertDemoRequest(trx, {
      prospect_id: prospectId,
      company_name: input.companyName,
      contact_person: input.contactPerson,
      email: input.email,
      phone: input.phone,
      monthly_spend: input.monthlySpend,
      current_suppliers: input.currentSuppliers,
      pain_points: input.painPoints,
      created_at: now,
    });
    await deps.outbox.enqueue(trx, [{ kind: 'demo-request', recipient: deps.config.mail.salesEmail, payload: { demoRequestId: id } }], new Date(nowMs));
    return id;
  });
  deps.outbox.notify();
  return { success: true, demoRequestId };
}
