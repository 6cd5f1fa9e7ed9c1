// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { DEMO_MESSAGES } from '../../../contract/schemas/demo-request';
import { setupApiMock } from '../../../widget/test/api-mock';
import { ToastProvider } from '../../components/ui/toast';
import { paths } from '../../app/paths';
import DemoPage from './DemoPage';

const api = setupApiMock();

function renderDemo() {
  const location = memoryLocation({ path: '/demo', record: true });
  render(
    <Router hook={location.hook}>
      <ToastProvider>
        <DemoPage />
      </ToastProvider>
    </Router>,
  );
  return { location, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Company name/ }), 'Berea Clinics');
  await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Ayesha Patel');
  await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'ayesha@berea.example.co.za');
  await user.type(screen.getByRole('textbox', { name: /Phone/ }), '031 555 0100');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Monthly spend on supplies' }), 'R50,000 - R200,000');
  await user.type(screen.getByRole('textbox', { name: 'Your biggest procurement challenge' }), 'Prices change every month');
}

describe('the demo form', () => {
  it('is a page of the portal, and asks for company name, name, e-mail and phone before sending anything', async () => {
    expect(paths).toEqual(expect.arrayContaining(['/demo', '/demo-success']));
    const { user } = renderDemo();
    expect(document.title).toBe('Book a demo · Procura');
    await user.click(screen.getByRole('button', { name: 'Book My Demo' }));
    for (const message of [DEMO_MESSAGES.companyName, DEMO_MESSAGES.contactPerson, DEMO_MESSAGES.email, DEMO_MESSAGES.phone])
      expect(screen.getByText(message)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Company name/ }));
    expect(screen.getByRole('textbox', { name: /Company name/ }).getAttribute('aria-describedby')).toBe('demo-companyName-error');
    expect(screen.getByRole('textbox', { name: 'Current suppliers' }).getAttribute('aria-invalid')).toBeNull();
    expect(api.requests).toEqual([]);
  });

  it('sends the booking and moves on to /demo-success', async () => {
    const bodies: unknown[] = [];
    api.server.use(
      http.post('*/api/demo-requests', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ success: true, demoRequestId: 4 }, { status: 201 });
      }),
    );
    const { user, location } = renderDemo();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Book My Demo' }));
    await screen.findByRole('button', { name: 'Book My Demo' });
    await new Promise((r) => setTimeout(r, 0));
    expect(bodies).toEqual([
      {
        companyName: 'Berea Clinics',
        contactPerson: 'Ayesha Patel',
        email: 'ayesha@berea.example.co.za',
        phone: '031 555 0100',
        monthlySpend: '50k-200k',
        currentSuppliers: '',
        painPoints: 'Prices change every month',
      },
    ]);
    expect(location.history).toEqual(['/demo', '/demo-success']);
  });

  it('keeps what was typed when the booking fails, and says so', async () => {
    api.server.use(
      http.post('*/api/demo-requests', () =>
        HttpResponse.json({ error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' } }, { status: 500 }),
      ),
    );
    const { user, location } = renderDemo();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Book My Demo' }));
    const alerts = await screen.findAllByText('Your request was not sent. Please try again, or call or e-mail us.');
    expect(alerts).toHaveLength(2); // the form's alert and the toast
    expect(screen.getByText('Booking failed', { selector: '.toast-title' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Company name/ }) as HTMLInputElement).value).toBe('Berea Clinics');
    expect((screen.getByRole('textbox', { name: 'Your biggest procurement challenge' }) as HTMLTextAreaElement).value).toBe('Prices change every month');
    expect(location.history).toEqual(['/demo']);
  });

  it("shows the server's word on a field it refused", async () => {
    api.server.use(
      http.post('*/api/demo-requests', () =>
        HttpResponse.json(
          { error: { code: 'validation_error', message: 'Request validation failed', details: { fields: { phone: DEMO_MESSAGES.phone } } } },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderDemo();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Book My Demo' }));
    expect(await screen.findByText(DEMO_MESSAGES.phone)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Phone/ }).getAttribute('aria-invalid')).toBe('true');
  });
});
