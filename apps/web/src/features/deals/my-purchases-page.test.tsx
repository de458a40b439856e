import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import { decodeQrSvg, dealRating, dealRatings, purchase, purchaseList } from '../../test/customer-deal-fixtures.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const purchasesKey = 'GET /get/user/purchases/';
const paid = purchase(1, { status: 'paid' });
const fulfilled = purchase(2, { status: 'fulfilled', can_rate: true });
const offline = () => {
  throw new TypeError('Failed to fetch');
};

describe('my orders (/mypurchasedeal)', () => {
  it('draws a scannable QR code of exactly the purchase\'s payload for a paid purchase, and none for a fulfilled one', async () => {
    stubApi({ [purchasesKey]: ok(purchaseList([paid, fulfilled])) });
    storeSession(userLogin);
    const { user } = renderApp('/mypurchasedeal');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    const [paidRow, fulfilledRow] = await screen.findAllByTestId('purchase');
    expect(within(paidRow as HTMLElement).getByText('Paid')).toBeInTheDocument();
    expect(paidRow).toHaveTextContent('2 × $14 · Total $28');
    expect(paidRow).toHaveTextContent('Test payment — no money was taken');
    const code = within(paidRow as HTMLElement).getByRole('img', { name: 'QR code for Deal 1' });
    expect(code.tagName.toLowerCase()).toBe('svg');
    expect(decodeQrSvg(code)).toBe(JSON.stringify(paid.qr));

    expect(within(fulfilledRow as HTMLElement).getByText('Fulfilled')).toBeInTheDocument();
    expect(within(fulfilledRow as HTMLElement).queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('purchase-qr')).toHaveLength(1);

    await user.click(within(paidRow as HTMLElement).getByRole('button', { name: 'Show the QR code for Deal 1 full screen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deal 1' });
    expect(decodeQrSvg(within(dialog).getByRole('img', { name: 'QR code for Deal 1' }))).toBe(JSON.stringify(paid.qr));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the codes saved on this device when the network is gone, and the fresh list once it is back', async () => {
    const api = stubApi({ [purchasesKey]: ok(purchaseList([paid])) });
    storeSession(userLogin);
    const online = renderApp('/mypurchasedeal');
    await screen.findByRole('img', { name: 'QR code for Deal 1' });
    online.unmount();

    api.on(purchasesKey, offline);
    const { user } = renderApp('/mypurchasedeal');
    expect(await screen.findByText('Offline — showing saved codes')).toBeInTheDocument();
    expect(decodeQrSvg(screen.getByRole('img', { name: 'QR code for Deal 1' }))).toBe(JSON.stringify(paid.qr));
    // A tab never opened online is cut from the saved list.
    await user.click(screen.getByRole('tab', { name: 'Paid' }));
    expect(await screen.findByRole('img', { name: 'QR code for Deal 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Refunded' }));
    expect(await screen.findByRole('heading', { name: 'No refunds' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(await screen.findByText('Offline — showing saved codes')).toBeInTheDocument();

    api.on(purchasesKey, ok(purchaseList([paid, purchase(3)])));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: 'QR code for Deal 3' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Offline — showing saved codes')).not.toBeInTheDocument());
  });

  it('keeps one account\'s saved codes from another, and offers a retry when nothing is saved', async () => {
    stubApi({ [purchasesKey]: offline });
    storeSession(userLogin);
    localStorage.setItem('ll:purchases-cache', JSON.stringify({ account_id: 'someone-else', saved_at: '2026-11-24T10:00:00.000Z', data: { all: purchaseList([paid]) } }));
    renderApp('/mypurchasedeal');
    expect(await screen.findByText('We could not load your orders.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
  });

  it('filters by status with the tabs', async () => {
    const api = stubApi({
      [purchasesKey]: (request) => {
        const status = request.query.get('status');
        return ok(purchaseList([paid, fulfilled, purchase(3, { status: 'refunded' })].filter((p) => !status || p.status === status)));
      },
    });
    storeSession(userLogin);
    const { user } = renderApp('/mypurchasedeal');
    expect(await screen.findAllByTestId('purchase')).toHaveLength(3);
    await user.click(screen.getByRole('tab', { name: 'Refunded' }));
    await waitFor(() => expect(screen.getAllByTestId('purchase')).toHaveLength(1));
    expect(screen.getByRole('tab', { name: 'Refunded' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('purchase')).toHaveTextContent('Refunded');
    expect(api.to(purchasesKey).at(-1)?.query.get('status')).toBe('refunded');
  });

  it('rates a fulfilled deal with stars and a comment, then shows the stars', async () => {
    let rated = false;
    const api = stubApi({
      [purchasesKey]: () => ok(purchaseList([rated ? { ...fulfilled, can_rate: false, my_rating: 4 } : fulfilled])),
      'POST /rate-deal/': (request) => {
        rated = true;
        return { status: 201, body: { rating: dealRating(9, { deal_id: fulfilled.deal.id, ...(request.body as object) }), rating_avg: 4, rating_count: 1 } };
      },
    });
    storeSession(userLogin);
    const { user } = renderApp('/mypurchasedeal');
    const form = await screen.findByRole('form', { name: 'Rate Deal 2' });
    expect(screen.getByRole('heading', { name: 'Rate this deal' })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Submit rating' }));
    expect(await within(form).findByText('Choose 1 to 5 stars.')).toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.type(within(form).getByLabelText(/Comment/), 'Great value.');
    await user.click(within(form).getByRole('button', { name: 'Submit rating' }));

    expect(await screen.findByText('Thanks for rating Deal 2.')).toBeInTheDocument();
    expect(api.to('POST /rate-deal/')[0]?.body).toEqual({ deal_id: fulfilled.deal.id, rating: 4, comment: 'Great value.' });
    expect(await screen.findByRole('img', { name: 'Rated 4.0 out of 5' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Rate Deal 2' })).not.toBeInTheDocument();
  });

  it('changes a rating with PUT, starting from the comment given before', async () => {
    const ratedPurchase = { ...fulfilled, can_rate: false, my_rating: 3 };
    const mine = dealRating(9, { deal_id: fulfilled.deal.id, rating: 3, comment: 'A bit slow.' });
    const api = stubApi({
      [purchasesKey]: ok(purchaseList([ratedPurchase])),
      [`GET /rate-deal/${fulfilled.deal.id}/`]: ok(dealRatings([mine], mine)),
      [`PUT /rate-deal/${fulfilled.deal.id}/`]: (request) => ok({ rating: { ...mine, ...(request.body as object) }, rating_avg: 5, rating_count: 1 }),
    });
    storeSession(userLogin);
    const { user } = renderApp('/mypurchasedeal');
    await user.click(await screen.findByRole('button', { name: 'Edit your rating of Deal 2' }));
    const form = await screen.findByRole('form', { name: 'Edit your rating of Deal 2' });
    expect(within(form).getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(within(form).getByLabelText(/Comment/)).toHaveValue('A bit slow.');
    await user.click(within(form).getByRole('radio', { name: '5 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Update rating' }));
    expect(await screen.findByText('Your rating has been updated.')).toBeInTheDocument();
    expect(api.to(`PUT /rate-deal/${fulfilled.deal.id}/`)[0]?.body).toEqual({ rating: 5, comment: 'A bit slow.' });
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
  });

  it('shows the server\'s refusal of a rating in the form', async () => {
    stubApi({
      [purchasesKey]: ok(purchaseList([fulfilled])),
      'POST /rate-deal/': refuse(409, 'ALREADY_RATED', 'You have rated this deal already: change your rating instead.'),
    });
    storeSession(userLogin);
    const { user } = renderApp('/mypurchasedeal');
    const form = await screen.findByRole('form', { name: 'Rate Deal 2' });
    await user.click(within(form).getByRole('radio', { name: '5 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Submit rating' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('You have rated this deal already: change your rating instead.');
  });
});
