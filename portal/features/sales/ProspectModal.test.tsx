// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { PROSPECT_STATUSES, SALES_MESSAGES } from '../../../contract/schemas/sales';
import type { Prospect } from '../../../contract/schemas/prospects';
import { setupApiMock, validationFailed } from '../../../widget/test/api-mock';
import { ProspectModal } from './ProspectModal';

const api = setupApiMock();

const PROSPECT: Prospect = {
  id: 7,
  company: 'Berea Clinics',
  contact: 'Ayesha Patel',
  phone: '031 555 0100',
  email: 'ayesha@berea.example.co.za',
  tier: 'Tier 2',
  status: 'Not Contacted',
  lastContact: null,
  nextAction: 'Reply within 24 hours and book the demo',
  notes: '',
  estimatedValue: 0,
  industry: 'Healthcare',
  conversionProbability: 0,
  actualResponse: '',
  callNotes: '',
  source: 'demo request',
  owner: null,
  emailSent: false,
  callMade: false,
  responseReceived: false,
  demoScheduled: false,
  createdAt: '2026-11-24T08:00:00.000Z',
  updatedAt: '2026-11-24T08:00:00.000Z',
};
const OWNERS = [{ id: 3, name: 'Thandi Nkosi' }];

function open(overrides: { onSaved?: (p: Prospect) => void; onClose?: () => void; prospect?: Prospect } = {}) {
  const onSaved = vi.fn(overrides.onSaved);
  const onClose = vi.fn(overrides.onClose);
  const onLogged = vi.fn();
  const opener = document.createElement('button');
  opener.textContent = 'Update Berea Clinics';
  document.body.append(opener);
  opener.focus();
  render(<ProspectModal prospect={overrides.prospect ?? PROSPECT} owners={OWNERS} onSaved={onSaved} onClose={onClose} onLogged={onLogged} />);
  return { onSaved, onClose, onLogged, opener, user: userEvent.setup() };
}

describe('the Update Prospect modal', () => {
  it('takes focus, keeps it inside as Tab and Shift+Tab wrap, and gives it back when it closes', async () => {
    const { user, opener } = open();
    const dialog = screen.getByRole('dialog', { name: 'Update Prospect' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(document.activeElement).toBe(status);

    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close Update Prospect' }));
    await user.tab();
    expect(document.activeElement).toBe(status);
    for (let i = 0; i < 40; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    cleanup();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('offers Not Contacted only while the prospect has not been contacted', () => {
    const options = () =>
      screen
        .getAllByRole<HTMLOptionElement>('option')
        .filter((o) => o.parentElement === screen.getByRole('combobox', { name: 'Status' }))
        .map((o) => o.value);
    open();
    expect(options()[0]).toBe('Not Contacted');
    cleanup();
    open({ prospect: { ...PROSPECT, status: 'Email Sent', lastContact: '2026-11-24' } });
    // Every status of the pipeline but the first, in its order.
    expect(options()).toEqual(PROSPECT_STATUSES.filter((s) => s !== 'Not Contacted'));
  });

  it('closes on Escape', async () => {
    const { user, onClose } = open();
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Prefers mornings');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps everything typed when the save fails, and says why beside the field the server named', async () => {
    const bodies = api.record('patch', '*/api/staff/prospects/7', (_body, sent) =>
      sent.length === 1
        ? validationFailed({ email: SALES_MESSAGES.email })
        : HttpResponse.json({ error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' } }, { status: 500 }),
    );
    const { user, onSaved, onClose } = open();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Spoke to Contact');
    await user.type(screen.getByRole('textbox', { name: 'Call notes' }), 'Wants a demo on Friday');
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await user.clear(email);
    await user.type(email, 'ayesha@berea');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(SALES_MESSAGES.email)).toBeTruthy();
    expect(screen.getByText('Check the fields marked below.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([{ status: 'Spoke to Contact', email: 'ayesha@berea', callNotes: 'Wants a demo on Friday' }]);
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('Spoke to Contact');
    expect((screen.getByRole('textbox', { name: 'Call notes' }) as HTMLTextAreaElement).value).toBe('Wants a demo on Friday');
    expect((email as HTMLInputElement).value).toBe('ayesha@berea');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Call notes' }) as HTMLTextAreaElement).value).toBe('Wants a demo on Friday');
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses a conversion probability outside 0-100 before asking, and sends only what changed', async () => {
    const bodies = api.record('patch', '*/api/staff/prospects/7', (body) => HttpResponse.json({ ...PROSPECT, ...body, lastContact: '2026-11-24' }));
    const { user, onSaved } = open();
    const probability = screen.getByRole('textbox', { name: /Conversion probability/ });
    await user.clear(probability);
    await user.type(probability, '101');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText(SALES_MESSAGES.conversionProbability)).toBeTruthy();
    expect(api.requests).toEqual([]);

    await user.clear(probability);
    await user.type(probability, '60');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Owner' }), 'Thandi Nkosi');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([{ conversionProbability: 60, ownerId: 3 }]);
  });

  it('logs a call for the prospect and says so', async () => {
    api.server.use(
      http.post('*/api/staff/prospects/7/activities', async ({ request }) =>
        HttpResponse.json(
          {
            id: 1,
            kind: 'call',
            note: '',
            prospectId: 7,
            company: 'Berea Clinics',
            staff: OWNERS[0],
            occurredAt: '2026-11-24T08:00:00.000Z',
            day: '2026-11-24',
            ...((await request.json()) as object),
          },
          { status: 201 },
        ),
      ),
    );
    const { user, onLogged } = open();
    await user.click(screen.getByRole('button', { name: 'Call made' }));
    expect(await screen.findByText('Call made: logged for Berea Clinics.')).toBeTruthy();
    expect(onLogged).toHaveBeenCalledTimes(1);
    expect(api.requests).toEqual(['POST /api/staff/prospects/7/activities']);
  });
});
