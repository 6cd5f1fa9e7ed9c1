import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The text of each option of a list or a select, in order. */
export function optionTexts(list: HTMLElement): (string | null)[] {
  return within(list)
    .getAllByRole('option')
    .map((o) => o.textContent);
}

/** Fills in the one-page request form for floor polish to Durban, for buyer@clinic.co.za, and sends it. */
export async function sendFloorPolishRequest(user: UserEvent): Promise<void> {
  await user.type(screen.getByRole('combobox', { name: /Product name/ }), 'Floor polish');
  await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Non-slip floor polish for a hospital corridor');
  await user.type(screen.getByRole('combobox', { name: /Delivery location/ }), 'Durban');
  await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'buyer@clinic.co.za');
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Get My Quotes' }));
}
