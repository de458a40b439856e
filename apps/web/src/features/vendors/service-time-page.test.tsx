import { screen, waitFor, within } from '@testing-library/react';
import type { OwnServiceTime, VendorAddress } from '@localloop/contract';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/api-stub.ts';
import type { StubRequest } from '../../test/api-stub.ts';
import { kycApi, newVendorId, shopAddress, vendorProfile } from '../../test/kyc-fixtures.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

async function openHours(serviceTime: OwnServiceTime = { time_zone: 'America/New_York', time_zone_auto: true, hours: [] }, addresses: VendorAddress[] = []) {
  const kyc = kycApi(vendorProfile({ service_time: serviceTime, addresses }));
  kyc.api.on('PUT /vendor/me/service-time/', (request: StubRequest) => ok(request.body));
  storeSession(userLogin, { vendor_id: newVendorId });
  const app = renderApp('/ServiceTime');
  await screen.findByRole('heading', { level: 1, name: 'Opening hours' });
  await screen.findByRole('region', { name: 'Weekly hours' });
  return { ...kyc, app };
}

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

describe('opening hours (/ServiceTime)', () => {
  it('starts a new vendor open Monday to Friday 9 to 5, its zone to follow its address (this device\'s until there is one)', async () => {
    const { api, app } = await openHours();
    const zone = screen.getByRole('group', { name: 'Time zone' });
    expect(within(zone).getByRole('radio', { name: /Use my address's time zone/ })).toBeChecked();
    expect(screen.getByTestId('address-time-zone')).toHaveTextContent('Set from your primary address once you add it');
    expect(screen.getByRole('switch', { name: 'Open on Monday' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Open on Saturday' })).not.toBeChecked();
    expect(screen.getByLabelText('Friday opens (range 1)')).toHaveValue('09:00');

    await app.user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Opening hours saved.')).toBeInTheDocument();
    const body = api.to('PUT /vendor/me/service-time/')[0]?.body as { time_zone: string; time_zone_auto: boolean; hours: unknown[] };
    expect(body).toMatchObject({ time_zone: browserZone, time_zone_auto: true });
    expect(body.hours).toEqual([1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '09:00', closes: '17:00' })));
    await waitFor(() => expect(app.pathname()).toBe('/AddAddress'));
  });

  it('names the zone found from the primary address, and follows it', async () => {
    const { api, app } = await openHours({ time_zone: 'America/New_York', time_zone_auto: true, hours: [] }, [{ ...shopAddress, time_zone: 'America/Los_Angeles' }]);
    expect(screen.getByTestId('address-time-zone')).toHaveTextContent(/Los Angeles \(Pacific (Standard|Daylight) Time, UTC−0[78]:00\), from Shop/);
    await app.user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(api.to('PUT /vendor/me/service-time/')).toHaveLength(1));
    expect(api.to('PUT /vendor/me/service-time/')[0]?.body).toMatchObject({ time_zone: 'America/Los_Angeles', time_zone_auto: true });
  });

  it('lets the vendor choose a zone by typing part of its city, and keeps it chosen', async () => {
    const { api, app } = await openHours({ time_zone: 'America/New_York', time_zone_auto: true, hours: [] }, [shopAddress]);
    await app.user.click(screen.getByRole('radio', { name: 'Choose a time zone' }));
    const picker = screen.getByRole('combobox', { name: 'Time zone' });
    const shown = () => (picker as HTMLInputElement).value;
    expect(shown()).toContain('New York');
    await app.user.clear(picker);
    await app.user.type(picker, 'lisb');
    const lisbon = await screen.findByRole('option', { name: /^Lisbon/ });
    expect(lisbon).toHaveTextContent('Europe/Lisbon');
    await app.user.click(lisbon);
    await waitFor(() => expect(shown()).toContain('Lisbon'));

    await app.user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(api.to('PUT /vendor/me/service-time/')).toHaveLength(1));
    expect(api.to('PUT /vendor/me/service-time/')[0]?.body).toMatchObject({ time_zone: 'Europe/Lisbon', time_zone_auto: false });
  });

  it('says when no zone matches what was typed', async () => {
    const { app } = await openHours({ time_zone: 'Europe/Paris', time_zone_auto: false, hours: [] });
    const picker = screen.getByRole('combobox', { name: 'Time zone' });
    await app.user.clear(picker);
    await app.user.type(picker, 'qqq');
    expect(await screen.findByText('No time zone matches “qqq”.')).toBeInTheDocument();
  });

  it('shows an overlap next to the range that overlaps, and sends nothing', async () => {
    const { api, app } = await openHours({
      time_zone: 'America/New_York',
      time_zone_auto: false,
      hours: [
        { weekday: 1, opens: '08:00', closes: '12:00' },
        { weekday: 1, opens: '13:00', closes: '18:00' },
      ],
    });
    const secondOpens = screen.getByLabelText('Monday opens (range 2)');
    await app.user.clear(secondOpens);
    await app.user.type(secondOpens, '11:30');
    await app.user.click(screen.getByRole('button', { name: 'Save and continue' }));

    const range = await screen.findByRole('group', { name: 'Monday range 2' });
    expect(within(range.closest('li') as HTMLElement).getByText('Overlaps another range on Monday.')).toBeInTheDocument();
    expect(secondOpens).toHaveAccessibleDescription('Overlaps another range on Monday.');
    expect(screen.getByLabelText('Monday opens (range 1)')).not.toHaveAccessibleDescription();
    expect(api.to('PUT /vendor/me/service-time/')).toHaveLength(0);
  });

  it('says when a range closes before it opens', async () => {
    const { app } = await openHours();
    const closes = screen.getByLabelText('Tuesday closes (range 1)');
    await app.user.clear(closes);
    await app.user.type(closes, '08:00');
    await app.user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(closes).toHaveAccessibleDescription('Closing time must be after opening time.'));
  });

  it('adds and removes ranges, closes a day, and copies Monday to the weekdays', async () => {
    const { api, app } = await openHours();
    await app.user.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    const opens = screen.getByLabelText('Monday opens (range 2)');
    const closes = screen.getByLabelText('Monday closes (range 2)');
    await app.user.clear(opens);
    await app.user.type(opens, '18:00');
    await app.user.clear(closes);
    await app.user.type(closes, '21:00');
    await app.user.click(screen.getByRole('button', { name: 'Copy Monday to weekdays' }));
    expect(screen.getByLabelText('Thursday closes (range 2)')).toHaveValue('21:00');

    await app.user.click(screen.getByRole('button', { name: 'Remove Friday range 2' }));
    await app.user.click(screen.getByRole('switch', { name: 'Open on Wednesday' }));
    await app.user.click(screen.getByRole('switch', { name: 'Open on Sunday' }));
    await app.user.click(screen.getByRole('button', { name: 'Save and continue' }));

    await waitFor(() => expect(api.to('PUT /vendor/me/service-time/')).toHaveLength(1));
    const body = api.to('PUT /vendor/me/service-time/')[0]?.body as { hours: { weekday: number; opens: string; closes: string }[] };
    expect(body.hours).toEqual([
      { weekday: 1, opens: '09:00', closes: '17:00' },
      { weekday: 1, opens: '18:00', closes: '21:00' },
      { weekday: 2, opens: '09:00', closes: '17:00' },
      { weekday: 2, opens: '18:00', closes: '21:00' },
      { weekday: 4, opens: '09:00', closes: '17:00' },
      { weekday: 4, opens: '18:00', closes: '21:00' },
      { weekday: 5, opens: '09:00', closes: '17:00' },
      { weekday: 7, opens: '09:00', closes: '17:00' },
    ]);
  });
});
