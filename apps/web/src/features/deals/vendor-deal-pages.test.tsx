import type { Deal, MyDealsResponse, Sale, SalesResponse, VendorAddress } from '@localloop/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import type { StubRequest } from '../../test/api-stub.ts';
import { pendingVendorLogin, storeSession, vendorLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { storedImage } from '../../test/vendor-fixtures.ts';

const vendorId = String(vendorLogin.vendor_id);
const userId = vendorLogin.user?.id ?? '';
const longTitle = `Two coffees and a cinnamon bun at the corner of Hudson and ${'Very'.repeat(30)}LongStreetName`;

const address = (over: Partial<VendorAddress> = {}): VendorAddress => ({
  id: 'ad000000-0000-4000-8000-000000000001',
  vendor_id: vendorId,
  label: 'Shop',
  line1: '12 Hudson St',
  line2: '',
  city: 'New York',
  state: 'NY',
  postal_code: '10013',
  country: 'United States',
  latitude: 40.72,
  longitude: -74.01,
  is_primary: true,
  formatted_address: '12 Hudson St, New York, NY 10013, United States',
  time_zone: 'America/New_York',
  ...over,
});

const deal = (n: number, over: Partial<Deal> = {}): Deal => ({
  id: `de000000-0000-4000-8000-00000000000${n}`,
  title: `Deal ${n}`,
  category: 'Food & Drink',
  original_price: { amount_cents: 1200, currency: 'USD' },
  deal_price: { amount_cents: 850, currency: 'USD' },
  discount_percent: 29,
  image: storedImage(`deal-${n}`),
  vendor: { id: vendorId, user_id: userId, business_name: 'Hudson Corner Café', logo: null },
  starts_at: '2026-11-01T14:00:00.000Z',
  ends_at: '2099-12-01T14:00:00.000Z',
  state: 'active',
  sold_count: 3,
  remaining: 17,
  rating_avg: null,
  rating_count: 0,
  description: 'Two coffees of your choice.',
  terms: '',
  images: [storedImage(`deal-${n}`)],
  image_ids: ['5e0c0000-0000-4000-8000-000000000101'],
  quantity_available: 20,
  per_customer_limit: 2,
  is_paused: false,
  address: { id: address().id, formatted_address: address().formatted_address, latitude: 40.72, longitude: -74.01 },
  distance_km: null,
  my_quantity: null,
  can_buy_quantity: null,
  is_owner: true,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  ...over,
});

const counts = (over: Partial<MyDealsResponse['counts']> = {}): MyDealsResponse['counts'] => ({ all: 0, active: 0, upcoming: 0, expired: 0, 'sold-out': 0, paused: 0, ...over });
const myDeals = (results: Deal[], c: MyDealsResponse['counts']): MyDealsResponse => ({ count: results.length, page: 1, page_size: 12, results, counts: c });

const addressesKey = 'GET /vendor/addresses/';
const myDealsKey = `GET /my-deals/${vendorId}/`;
const salesKey = `GET /get/vendor/sales/${vendorId}`;
const csvKey = `GET /get/vendor/sales/${vendorId}/csv/`;

const setValue = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe('Create Deal (/vendor/deal/add)', () => {
  it('refuses an incomplete deal with the contract\'s messages under each field', async () => {
    const api = stubApi({ [addressesKey]: ok([address()]) });
    storeSession(vendorLogin);
    const { user } = renderApp('/vendor/deal/add');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Deal' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Create deal' }));
    expect(await screen.findByText('Give the deal a title of at least 3 characters.')).toBeInTheDocument();
    expect(screen.getByText('Describe the deal in at least 10 characters.')).toBeInTheDocument();
    expect(screen.getByText('Enter the original price.')).toBeInTheDocument();
    expect(screen.getByText('Enter the deal price.')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Title'), 'Coffee for two');
    await user.type(screen.getByLabelText('Description'), 'Two coffees of your choice, any size.');
    await user.type(screen.getByLabelText('Original price'), '8');
    await user.type(screen.getByLabelText('Deal price'), '9.50');
    await user.type(screen.getByLabelText('Quantity available'), '3');
    await user.clear(screen.getByLabelText('Limit per customer'));
    await user.type(screen.getByLabelText('Limit per customer'), '5');
    setValue(screen.getByLabelText('Starts'), '2099-12-08T09:00');
    setValue(screen.getByLabelText('Ends'), '2099-12-01T09:00');
    await user.click(screen.getByRole('button', { name: 'Create deal' }));
    expect(await screen.findByText('The deal price must be below the original price.')).toBeInTheDocument();
    expect(screen.getByText('A customer cannot buy more than there are for sale.')).toBeInTheDocument();
    expect(screen.getByText('The end must be after the start.')).toBeInTheDocument();
    expect(api.to('POST /deals/create/')).toHaveLength(0);
  });

  it('creates a deal in whole cents, with its times read in the address\'s time zone, and goes to My Created Deals', async () => {
    const api = stubApi({
      [addressesKey]: ok([address({ id: 'ad000000-0000-4000-8000-000000000002', is_primary: false, label: 'Market stall' }), address()]),
      'POST /deals/create/': (request: StubRequest) => ({ status: 201, body: deal(1, { title: (request.body as { title: string }).title }) }),
      [myDealsKey]: ok(myDeals([deal(1, { title: 'Coffee for two' })], counts({ all: 1, active: 1 }))),
    });
    storeSession(vendorLogin);
    const { user, pathname } = renderApp('/vendor/deal/add');
    const addressSelect = await screen.findByLabelText('Redemption address');
    // The primary address is chosen first.
    expect(addressSelect).toHaveValue(address().id);
    expect(api.to(addressesKey)[0]?.query.get('vendor_uuid')).toBe(vendorId);
    await user.type(screen.getByLabelText('Title'), 'Coffee for two');
    await user.type(screen.getByLabelText('Description'), 'Two coffees of your choice, any size.');
    await user.selectOptions(screen.getByLabelText('Category'), 'Food & Drink');
    await user.type(screen.getByLabelText('Original price'), '12');
    await user.type(screen.getByLabelText('Deal price'), '8.50');
    expect(screen.getByText(/29% off/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Currency'), 'EUR');
    setValue(screen.getByLabelText('Starts'), '2099-12-01T09:00');
    setValue(screen.getByLabelText('Ends'), '2099-12-08T21:30');
    await user.type(screen.getByLabelText('Terms (optional)'), 'One per visit.');
    await user.click(screen.getByRole('button', { name: 'Create deal' }));

    expect(await screen.findByText('“Coffee for two” is on sale.')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/MyDeals'));
    expect(api.to('POST /deals/create/')[0]?.body).toEqual({
      title: 'Coffee for two',
      description: 'Two coffees of your choice, any size.',
      category: 'Food & Drink',
      image_ids: [],
      original_price: { amount_cents: 1200, currency: 'EUR' },
      deal_price: { amount_cents: 850, currency: 'EUR' },
      quantity_available: null,
      per_customer_limit: 1,
      // 09:00 and 21:30 in New York.
      starts_at: '2099-12-01T14:00:00.000Z',
      ends_at: '2099-12-09T02:30:00.000Z',
      address_id: address().id,
      terms: 'One per visit.',
    });
  });

  it('puts the server\'s field messages under their fields', async () => {
    stubApi({
      [addressesKey]: ok([address()]),
      'POST /deals/create/': refuse(400, 'VALIDATION_FAILED', 'The deal would have ended already.', { ends_at: 'Choose an end still to come.', 'deal_price.amount_cents': 'Too cheap to be true.' }),
    });
    storeSession(vendorLogin);
    const { user } = renderApp('/vendor/deal/add');
    await user.type(await screen.findByLabelText('Title'), 'Coffee for two');
    await user.type(screen.getByLabelText('Description'), 'Two coffees of your choice, any size.');
    await user.type(screen.getByLabelText('Original price'), '12');
    await user.type(screen.getByLabelText('Deal price'), '8');
    await user.click(screen.getByRole('button', { name: 'Create deal' }));
    expect(await screen.findByText('Choose an end still to come.')).toBeInTheDocument();
    expect(screen.getByText('Too cheap to be true.')).toBeInTheDocument();
    expect(screen.getByLabelText('Ends')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for an address first, linking to /AddAddress, when the shop has none', async () => {
    stubApi({ [addressesKey]: ok([]) });
    storeSession(vendorLogin);
    renderApp('/vendor/deal/add');
    expect(await screen.findByRole('heading', { name: 'Add an address first' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add an address' })).toHaveAttribute('href', '/AddAddress');
  });

  it('tells a vendor who is not approved yet that deals open on approval', async () => {
    const api = stubApi();
    storeSession(pendingVendorLogin, { userRole: 'vendor' });
    renderApp('/vendor/deal/add');
    expect(await screen.findByRole('heading', { name: 'Deals open once your shop is approved' })).toBeInTheDocument();
    expect(api.to(addressesKey)).toHaveLength(0);
  });
});

describe('My Created Deals (/MyDeals/{type?})', () => {
  it('shows the tabs with their counts, and each deal with its prices, state, stock and link', async () => {
    const api = stubApi({ [myDealsKey]: ok(myDeals([deal(1, { title: longTitle }), deal(2, { state: 'sold_out', remaining: 0, quantity_available: 3, sold_count: 3 })], counts({ all: 2, active: 1, 'sold-out': 1 }))) });
    storeSession(vendorLogin);
    renderApp('/MyDeals');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Created Deals' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Deals by state' });
    await waitFor(() => expect(within(tabs).getByRole('link', { name: 'All 2' })).toHaveAttribute('aria-current', 'page'));
    expect(within(tabs).getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['All 2', '/MyDeals'],
      ['Active 1', '/MyDeals/active'],
      ['Upcoming 0', '/MyDeals/upcoming'],
      ['Expired 0', '/MyDeals/expired'],
      ['Sold out 1', '/MyDeals/sold-out'],
      ['Paused 0', '/MyDeals/paused'],
    ]);
    expect(api.to(myDealsKey)[0]?.query.get('type')).toBeNull();
    const first = screen.getByRole('heading', { level: 2, name: longTitle });
    expect(first).toHaveClass('[overflow-wrap:anywhere]');
    expect(within(first).getByRole('link')).toHaveAttribute('href', `/DealDetails/${deal(1).id}`);
    const card = first.closest('li') as HTMLElement;
    expect(within(card).getByText('$8.50')).toBeInTheDocument();
    expect(within(card).getByText('$12')).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByText('17')).toBeInTheDocument();
    const soldOut = screen.getByRole('heading', { level: 2, name: 'Deal 2' }).closest('li') as HTMLElement;
    expect(within(soldOut).getByText('Sold out')).toBeInTheDocument();
  });

  it('asks for the tab of the path, and moves between tabs', async () => {
    const api = stubApi({
      [myDealsKey]: (request: StubRequest) =>
        ok(request.query.get('type') === 'paused' ? myDeals([deal(3, { state: 'paused', is_paused: true })], counts({ all: 2, active: 1, paused: 1 })) : myDeals([deal(1)], counts({ all: 2, active: 1, paused: 1 }))),
    });
    storeSession(vendorLogin);
    const { user, pathname } = renderApp('/MyDeals/active');
    expect(await screen.findByRole('heading', { level: 2, name: 'Deal 1' })).toBeInTheDocument();
    expect(api.to(myDealsKey)[0]?.query.get('type')).toBe('active');
    await user.click(screen.getByRole('link', { name: 'Paused 1' }));
    await waitFor(() => expect(pathname()).toBe('/MyDeals/paused'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Deal 3' })).toBeInTheDocument();
    expect(api.to(myDealsKey).at(-1)?.query.get('type')).toBe('paused');
    expect(screen.getByRole('button', { name: 'Resume Deal 3' })).toBeInTheDocument();
  });

  it('pauses a deal and resumes it with PATCH /deals/{id}/pause/', async () => {
    let paused = false;
    const api = stubApi({
      [myDealsKey]: () => ok(myDeals([deal(1, { is_paused: paused, state: paused ? 'paused' : 'active' })], counts({ all: 1, active: paused ? 0 : 1, paused: paused ? 1 : 0 }))),
      [`PATCH /deals/${deal(1).id}/pause/`]: (request: StubRequest) => {
        paused = (request.body as { paused: boolean }).paused;
        return ok(deal(1, { is_paused: paused, state: paused ? 'paused' : 'active' }));
      },
    });
    storeSession(vendorLogin);
    const { user } = renderApp('/MyDeals');
    await user.click(await screen.findByRole('button', { name: 'Pause Deal 1' }));
    expect(await screen.findByText('“Deal 1” is paused: nobody can buy it until you resume it.')).toBeInTheDocument();
    expect(api.to(`PATCH /deals/${deal(1).id}/pause/`)[0]?.body).toEqual({ paused: true });
    await user.click(await screen.findByRole('button', { name: 'Resume Deal 1' }));
    expect(await screen.findByText('“Deal 1” is back on sale.')).toBeInTheDocument();
    expect(api.to(`PATCH /deals/${deal(1).id}/pause/`)[1]?.body).toEqual({ paused: false });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Paused 0' })).toBeInTheDocument());
  });

  it('says when there is nothing to show, with a Create Deal link', async () => {
    stubApi({ [myDealsKey]: ok(myDeals([], counts())) });
    storeSession(vendorLogin);
    renderApp('/MyDeals/expired');
    expect(await screen.findByRole('heading', { name: 'No expired deals' })).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Create Deal' }).filter((l) => l.closest('main'));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toHaveAttribute('href', '/vendor/deal/add');
  });

  it('answers Not Found for a type that is not one of the tabs', async () => {
    stubApi();
    storeSession(vendorLogin);
    renderApp('/MyDeals/cheap');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});

const sale = (n: number, over: Partial<Sale> = {}): Sale => ({
  id: `5a000000-0000-4000-8000-00000000000${n}`,
  deal: { id: deal(1).id, title: 'Coffee for two' },
  buyer_first_name: n === 1 ? 'Maximiliana-Josephine-Alexandrina' : 'Ann',
  quantity: 2,
  total: { amount_cents: 1700, currency: 'USD' },
  status: 'paid',
  bought_at: '2026-11-20T15:00:00.000Z',
  fulfilled_at: null,
  refunded_at: null,
  ...over,
});

const salesAnswer = (results: Sale[], over: Partial<SalesResponse> = {}): SalesResponse => ({
  count: results.length,
  page: 1,
  page_size: 20,
  results,
  totals: [{ currency: 'USD', amount_cents: 3400, units: 4, purchases: 2 }],
  per_deal: [{ deal_id: deal(1).id, title: 'Coffee for two', currency: 'USD', amount_cents: 3400, units: 4, fulfilled_units: 2 }],
  today: [{ currency: 'USD', amount_cents: 1700, units: 2, purchases: 1 }],
  this_week: [{ currency: 'USD', amount_cents: 3400, units: 4, purchases: 2 }],
  time_zone: 'America/New_York',
  ...over,
});

describe('My Sales (/mySalesDeal)', () => {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:http://localhost/sales');
  beforeEach(() => {
    // jsdom has no blob: URLs.
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true, writable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true, writable: true });
    createObjectURL.mockClear();
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
    vi.restoreAllMocks();
  });

  it('shows today, the last 7 days, the totals per deal and each sale with its buyer and status', async () => {
    stubApi({ [salesKey]: ok(salesAnswer([sale(1), sale(2, { status: 'fulfilled', fulfilled_at: '2026-11-21T15:00:00.000Z' })])) });
    storeSession(vendorLogin);
    renderApp('/mySalesDeal');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Sales' })).toBeInTheDocument();
    const today = (await screen.findByText('Today')).parentElement as HTMLElement;
    expect(within(today).getByText('$17')).toBeInTheDocument();
    const week = screen.getByText('Last 7 days').parentElement as HTMLElement;
    expect(within(week).getByText('$34')).toBeInTheDocument();
    expect(within(week).getByText('4 units · 2 purchases')).toBeInTheDocument();
    expect(screen.getByText('All time')).toBeInTheDocument();
    const perDeal = screen.getByRole('region', { name: 'Per deal' });
    expect(within(perDeal).getByText('Coffee for two')).toBeInTheDocument();
    expect(within(perDeal).getByText(/4 units \(2 fulfilled\)/)).toBeInTheDocument();
    const list = screen.getByRole('region', { name: /Sales/ });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Maximiliana-Josephine-Alexandrina')).toHaveClass('[overflow-wrap:anywhere]');
    expect(within(rows[0] as HTMLElement).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Fulfilled', { selector: 'span' })).toBeInTheDocument();
    // Only a paid purchase can be refunded.
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: /Refund/ })).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
  });

  it('filters by dates, refuses a range that ends before it starts, and downloads the CSV of the same dates', async () => {
    const api = stubApi({ [salesKey]: ok(salesAnswer([sale(1)])), [csvKey]: { status: 200, body: 'purchase_id,bought_at' } });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    storeSession(vendorLogin);
    const { user } = renderApp('/mySalesDeal');
    await screen.findByText('Last 7 days');
    setValue(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() => expect(api.to(salesKey).at(-1)?.query.get('from')).toBe('2026-11-01'));
    setValue(screen.getByLabelText('To'), '2026-10-01');
    expect(await screen.findByText('The last day must not be before the first.')).toBeInTheDocument();
    expect(api.to(salesKey).some((r) => r.query.get('to') === '2026-10-01')).toBe(false);
    setValue(screen.getByLabelText('To'), '2026-11-30');
    await waitFor(() => expect(api.to(salesKey).at(-1)?.query.get('to')).toBe('2026-11-30'));
    expect(screen.queryByText('The last day must not be before the first.')).not.toBeInTheDocument();
    expect(await screen.findByText('In these dates')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const request = api.to(csvKey)[0];
    expect(request?.query.get('from')).toBe('2026-11-01');
    expect(request?.query.get('to')).toBe('2026-11-30');
    expect(request?.headers.Authorization).toBe(`Bearer ${vendorLogin.access}`);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('sales_2026-11-01_to_2026-11-30.csv');
    expect(createObjectURL.mock.calls[0]?.[0].type).toBe('text/csv;charset=utf-8');
  });

  it('refunds a paid purchase with a reason, from a confirm dialog', async () => {
    let refunded = false;
    const api = stubApi({
      [salesKey]: () => ok(salesAnswer([sale(2, refunded ? { status: 'refunded', refunded_at: '2026-11-22T10:00:00.000Z' } : {})])),
      [`POST /purchases/${sale(2).id}/refund/`]: () => {
        refunded = true;
        const d = deal(1);
        return ok({
          id: sale(2).id,
          status: 'refunded',
          quantity: 2,
          unit_price: { amount_cents: 850, currency: 'USD' },
          total: { amount_cents: 1700, currency: 'USD' },
          payment: { provider: 'dummy', reference: 'dummy_1', is_test: true },
          deal: { id: d.id, title: 'Coffee for two', image: null, ends_at: d.ends_at, terms: '', address: d.address, vendor: d.vendor },
          qr: null,
          bought_at: sale(2).bought_at,
          fulfilled_at: null,
          refunded_at: '2026-11-22T10:00:00.000Z',
          can_rate: false,
          my_rating: null,
        });
      },
    });
    storeSession(vendorLogin);
    const { user } = renderApp('/mySalesDeal');
    await user.click(await screen.findByRole('button', { name: 'Refund Ann\'s Coffee for two' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund Ann\'s purchase?' });
    expect(within(dialog).getByText(/2 × Coffee for two for \$17/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Say why the purchase is refunded (at least 3 characters).')).toBeInTheDocument();
    expect(api.to(`POST /purchases/${sale(2).id}/refund/`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Out of cinnamon buns');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Ann\'s purchase is refunded.')).toBeInTheDocument();
    expect(api.to(`POST /purchases/${sale(2).id}/refund/`)[0]?.body).toEqual({ reason: 'Out of cinnamon buns' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is asked again: the purchase is now refunded, with nothing left to refund.
    expect(await screen.findByText('Refunded', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Refund / })).not.toBeInTheDocument();
  });
});
