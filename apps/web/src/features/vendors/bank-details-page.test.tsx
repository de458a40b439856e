import { screen, waitFor, within } from '@testing-library/react';
import type { BankDetails } from '@localloop/contract';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/api-stub.ts';
import type { StubRequest } from '../../test/api-stub.ts';
import { kycApi, newVendorId, savedIban, vendorProfile } from '../../test/kyc-fixtures.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const fullIban = 'DE89 3704 0044 0532 0130 00';

async function openBank(saved: BankDetails | null = null) {
  const kyc = kycApi(vendorProfile({ bank_details: saved, steps: { ...vendorProfile().steps, bank_details: saved !== null } }));
  // Like the server: stores the details and answers them masked.
  kyc.api.on('PUT /vendor/me/bank-details/', (request: StubRequest) => {
    const body = request.body as { account_holder: string; bank_name: string; iban?: string; routing_number?: string; account_number?: string };
    const number = body.iban ?? body.account_number ?? '';
    const answer: BankDetails = {
      account_holder: body.account_holder,
      bank_name: body.bank_name,
      kind: body.iban ? 'iban' : 'us_account',
      account_number_masked: `•••• ${number.slice(-4)}`,
      routing_number: body.routing_number ?? null,
      updated_at: '2025-03-02T10:00:00.000Z',
    };
    const profile = kyc.current() ?? vendorProfile();
    kyc.set({ ...profile, bank_details: answer, steps: { ...profile.steps, bank_details: true } });
    return ok(answer);
  });
  storeSession(userLogin, { vendor_id: newVendorId });
  const app = renderApp('/BankDetails');
  await screen.findByRole('heading', { level: 1, name: 'Bank details' });
  await screen.findByRole('region', { name: 'Payout account' });
  return { ...kyc, app };
}

describe('bank details (/BankDetails)', () => {
  it('checks the IBAN by its checksum, with the contract\'s message', async () => {
    const { api, app } = await openBank();
    await app.user.type(screen.getByLabelText('Account holder'), 'Una User');
    await app.user.type(screen.getByLabelText('Bank name'), 'Deutsche Bank');
    await app.user.type(screen.getByLabelText('IBAN'), 'DE89 3704 0044 0532 0130 01');
    await app.user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(screen.getByLabelText('IBAN')).toHaveAccessibleDescription(/This IBAN is not valid: check the letters and digits\./));
    expect(api.to('PUT /vendor/me/bank-details/')).toHaveLength(0);
  });

  it('checks a US routing number by its check digit and the account number\'s length, then sends only those', async () => {
    const { api, app } = await openBank();
    await app.user.type(screen.getByLabelText('Account holder'), 'Una User');
    await app.user.type(screen.getByLabelText('Bank name'), 'Deutsche Bank');
    await app.user.click(screen.getByRole('radio', { name: 'US account' }));
    expect(screen.queryByLabelText('IBAN')).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Enter the 9-digit routing number.')).toBeInTheDocument();
    await app.user.type(screen.getByLabelText('Routing number'), '021000022');
    await app.user.type(screen.getByLabelText('Account number'), '12');
    await app.user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Enter the 9-digit routing number (its check digit does not match).')).toBeInTheDocument();
    expect(screen.getByText('Enter the account number: 4 to 17 digits.')).toBeInTheDocument();
    expect(api.to('PUT /vendor/me/bank-details/')).toHaveLength(0);

    await app.user.clear(screen.getByLabelText('Routing number'));
    await app.user.type(screen.getByLabelText('Routing number'), '021000021');
    await app.user.clear(screen.getByLabelText('Account number'));
    await app.user.type(screen.getByLabelText('Account number'), '000123456789');
    await app.user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(app.pathname()).toBe('/ServiceTime'));
    expect(api.to('PUT /vendor/me/bank-details/')[0]?.body).toEqual({
      account_holder: 'Una User',
      bank_name: 'Deutsche Bank',
      routing_number: '021000021',
      account_number: '000123456789',
    });
  });

  it('saves an IBAN, then shows only the masked number and never the full one', async () => {
    const { api, app } = await openBank();
    await app.user.type(screen.getByLabelText('Account holder'), 'Una User');
    await app.user.type(screen.getByLabelText('Bank name'), 'Deutsche Bank');
    await app.user.type(screen.getByLabelText('IBAN'), fullIban);
    await app.user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByText('Bank details saved.')).toBeInTheDocument();
    // Sent as the contract's schema writes it: without spaces.
    expect(api.to('PUT /vendor/me/bank-details/')[0]?.body).toEqual({ account_holder: 'Una User', bank_name: 'Deutsche Bank', iban: 'DE89370400440532013000' });
    await waitFor(() => expect(app.pathname()).toBe('/ServiceTime'));
    await screen.findByRole('heading', { level: 1, name: 'Opening hours' });

    // Back on the step: the masked number only.
    const steps = screen.getByRole('navigation', { name: 'Vendor sign-up steps' });
    await app.user.click(within(steps).getByRole('link', { name: /Bank details/ }));
    expect(await screen.findByTestId('masked-account-number')).toHaveTextContent('•••• 3000');
    expect(document.body).not.toHaveTextContent('DE89');
    expect(document.body.innerHTML).not.toContain('370400440532013000');
    expect(screen.queryByDisplayValue(fullIban)).not.toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Change bank account' }));
    expect(screen.getByLabelText('Account holder')).toHaveValue('Una User');
    expect(screen.getByLabelText('IBAN')).toHaveValue('');
    expect(screen.queryByDisplayValue(fullIban)).not.toBeInTheDocument();
  });

  it('shows saved details masked, with an empty form to replace them', async () => {
    const { app } = await openBank(savedIban);
    expect(screen.getByTestId('masked-account-number')).toHaveTextContent('•••• 3000');
    expect(screen.queryByLabelText('IBAN')).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Change bank account' }));
    expect(screen.getByLabelText('IBAN')).toHaveValue('');
    await app.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('masked-account-number')).toBeInTheDocument();
  });
});
