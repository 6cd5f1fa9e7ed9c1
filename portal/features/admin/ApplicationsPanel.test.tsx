// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES, type SupplierApplicationItem } from '../../../contract/schemas/supplier-applications';
import { setupApiMock } from '../../../widget/test/api-mock';
import { ToastProvider } from '../../components/ui/toast';
import { ApplicationsPanel } from './ApplicationsPanel';

const api = setupApiMock();

const CLAIM: SupplierApplicationItem = {
  id: 7,
  status: 'pending',
  companyName: 'Tugela Cleaning Co. (Pty) Ltd',
  tradingName: null,
  registrationNumber: '2010/654321/07',
  vatNumber: '4123456789',
  bbeeLevel: 2,
  bbeeExpiresOn: '2027-06-30',
  contactName: 'Sipho Dlamini',
  email: 'sipho@tugela.example',
  phone: '+27 11 555 0100',
  city: 'Johannesburg, Gauteng',
  categories: ['Safety Equipment'],
  website: 'https://tugela.example',
  claimOf: { supplierId: 1, supplierName: 'Tugela Cleaning Co.', reason: 'vatNumber' },
  supplierId: null,
  rejectionReason: null,
  createdAt: '2026-12-06T09:00:00.000Z',
  verifiedAt: '2026-12-06T09:05:00.000Z',
  decidedAt: null,
};

function renderPanel(onChanged = () => {}) {
  render(
    <ToastProvider>
      <ApplicationsPanel refresh={0} onChanged={onChanged} />
    </ToastProvider>,
  );
  return userEvent.setup();
}

describe('the applications queue', () => {
  it('lists the waiting applications with their fields and what each claims and why, and says when there are none', async () => {
    const asked: string[] = [];
    api.server.use(
      http.get('*/api/admin/supplier-applications', ({ request }) => {
        const status = new URL(request.url).searchParams.get('status')!;
        asked.push(status);
        return HttpResponse.json({ applications: status === 'pending' ? [CLAIM] : [] });
      }),
    );
    const user = renderPanel();
    const card = (await screen.findByRole('listitem', { name: 'Tugela Cleaning Co. (Pty) Ltd' })) as HTMLElement;
    expect(within(card).getByText('Claims Tugela Cleaning Co. (#1): the same VAT number.')).toBeTruthy();
    expect(within(card).getByText('Level 2, certificate to 2027-06-30')).toBeTruthy();
    expect(within(card).getByText('2010/654321/07')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Rejected');
    expect(await screen.findByText('No rejected applications.')).toBeTruthy();
    expect(asked).toEqual(['pending', 'rejected']);
  });

  it('approves, and rejects with a reason, showing the reason’s message from the server', async () => {
    const calls: string[] = [];
    let changed = 0;
    api.server.use(
      http.get('*/api/admin/supplier-applications', () =>
        HttpResponse.json({ applications: [CLAIM, { ...CLAIM, id: 8, companyName: 'Other Co', claimOf: null }] }),
      ),
      http.post('*/api/admin/supplier-applications/7/approve', () => {
        calls.push('approve 7');
        return HttpResponse.json({ supplierId: 1 });
      }),
      http.post('*/api/admin/supplier-applications/8/reject', async ({ request }) => {
        const { reason } = (await request.json()) as { reason: string };
        calls.push(`reject 8: ${reason}`);
        return reason.length < 2
          ? HttpResponse.json(
              {
                error: {
                  code: 'validation_error',
                  message: 'Request validation failed',
                  details: { fields: { reason: APPLICATION_MESSAGES.rejectionReason } },
                },
              },
              { status: 400 },
            )
          : new HttpResponse(null, { status: 204 });
      }),
    );
    const user = renderPanel(() => changed++);
    await user.click(await screen.findByRole('button', { name: 'Approve Tugela Cleaning Co. (Pty) Ltd' }));
    expect(await screen.findByText('Tugela Cleaning Co. (Pty) Ltd approved as supplier #1; its sign-in link is on its way')).toBeTruthy();
    const other = screen.getByRole('listitem', { name: 'Other Co' });
    expect(within(other).getByText('A new supplier: it matches no listing on Procura.')).toBeTruthy();
    await user.click(within(other).getByRole('button', { name: 'Reject…' }));
    await user.click(within(other).getByRole('button', { name: 'Reject Other Co' }));
    expect(await within(other).findByText(APPLICATION_MESSAGES.rejectionReason)).toBeTruthy();
    await user.type(within(other).getByRole('textbox', { name: 'Reason the applicant reads' }), 'No such company at CIPC.');
    await user.click(within(other).getByRole('button', { name: 'Reject Other Co' }));
    expect(await screen.findByText('Other Co rejected; the reason was e-mailed')).toBeTruthy();
    expect(calls).toEqual(['approve 7', 'reject 8: ', 'reject 8: No such company at CIPC.']);
    expect(changed).toBe(2);
  });
});
