import { screen, waitFor, within } from '@testing-library/react';
import type { SupportRequest, SupportRequestList } from '@localloop/contract';
import { describe, expect, it } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import { storeSession, userLogin, userProfile } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const purchaseId = '51000000-0000-4000-8000-000000000001';
const answered: SupportRequest = {
  id: '52000000-0000-4000-8000-000000000001',
  number: 1041,
  topic: 'orders',
  status: 'answered',
  excerpt: 'Can I give my deal to a friend?',
  reference: { kind: 'purchase', id: purchaseId, label: 'Order · Yoga for two · 3 Mar 2025', created_at: '2025-03-03T10:00:00.000Z' },
  person: { id: userLogin.user.id, name: 'Demo User', email: 'user@example.com', phone_number: null },
  message_count: 2,
  created_at: '2025-03-04T10:00:00.000Z',
  last_message_at: '2025-03-04T12:00:00.000Z',
  closed_at: null,
  messages: [
    { id: '52000000-0000-4000-8000-000000000001', author: 'person', author_name: 'Demo User', body: 'Can I give my deal to a friend?', created_at: '2025-03-04T10:00:00.000Z' },
    { id: '53000000-0000-4000-8000-000000000001', author: 'support', author_name: 'Ada from Support', body: '<b>Yes</b>: anyone with the code can redeem it.', created_at: '2025-03-04T12:00:00.000Z' },
  ],
};
const summary = ({ messages: _messages, ...rest }: SupportRequest) => rest;
const listOf = (results: SupportRequest[]): SupportRequestList => ({ count: results.length, page: 1, page_size: 10, results: results.map(summary) });

function supportApi(initial: SupportRequest[] = [answered]) {
  let requests = initial;
  const api = stubApi({
    'GET /profile/': ok(userProfile),
    'GET /notifications/': ok([]),
    'GET /support/references/': ok({ results: [answered.reference] }),
    'GET /support/requests/': () => ok(listOf(requests)),
    [`GET /support/requests/${answered.id}/`]: () => ok(requests.find((r) => r.id === answered.id)),
    'POST /support/requests/': (request) => {
      const body = request.body as { topic: SupportRequest['topic']; message: string; reference_id: string | null };
      if (body.message.includes('spam')) return refuse(429, 'RATE_LIMITED', 'You have sent 5 requests in the last hour, the most allowed.');
      const created: SupportRequest = {
        ...answered,
        id: '52000000-0000-4000-8000-000000000002',
        number: 1042,
        topic: body.topic,
        status: 'open',
        excerpt: body.message,
        reference: body.reference_id ? answered.reference : null,
        message_count: 1,
        messages: [{ ...answered.messages[0], id: '52000000-0000-4000-8000-000000000002', body: body.message } as SupportRequest['messages'][number]],
      };
      requests = [created, ...requests];
      return { status: 201, body: created };
    },
    [`POST /support/requests/${answered.id}/replies/`]: (request) => {
      const { message } = request.body as { message: string };
      const updated: SupportRequest = { ...answered, status: 'open', message_count: 3, messages: [...answered.messages, { id: '53000000-0000-4000-8000-000000000002', author: 'person', author_name: 'Demo User', body: message, created_at: '2025-03-05T10:00:00.000Z' }] };
      requests = requests.map((r) => (r.id === answered.id ? updated : r));
      return { status: 201, body: updated };
    },
  });
  return api;
}

async function openPage(path = '/ContactSupport') {
  storeSession(userLogin);
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Help & Support' });
  return app;
}

describe('Help & Support (/ContactSupport)', () => {
  it('shows the form\'s problems under their fields before sending anything', async () => {
    const api = supportApi();
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Choose what your request is about.')).toBeInTheDocument();
    expect(screen.getByLabelText('What is it about?')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Your message')).toHaveAccessibleDescription(expect.stringContaining('Write your message.'));
    await user.selectOptions(screen.getByLabelText('What is it about?'), 'bookings');
    await user.type(screen.getByLabelText('Your message'), 'Help!');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Tell us a little more: at least 10 characters.')).toBeInTheDocument();
    expect(api.to('POST /support/requests/')).toHaveLength(0);
  });

  it('sends a request about one of the person\'s orders, confirms it, and lists it first', async () => {
    const api = supportApi();
    const { user } = await openPage();
    await user.selectOptions(screen.getByLabelText('What is it about?'), 'orders');
    await user.selectOptions(await screen.findByLabelText(/Order or booking/), purchaseId);
    await user.type(screen.getByLabelText('Your message'), 'The shop says my code was used already.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Request #1042 sent.')).toBeInTheDocument();
    expect(api.to('POST /support/requests/')[0]?.body).toEqual({ topic: 'orders', message: 'The shop says my code was used already.', reference_id: purchaseId });
    const list = await screen.findByRole('list', { name: 'Your support requests' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('#1042'));
    expect(screen.getByLabelText('Your message')).toHaveValue('');
  });

  it('puts a refusal it cannot place under a field in the form\'s alert', async () => {
    supportApi();
    const { user } = await openPage();
    await user.selectOptions(screen.getByLabelText('What is it about?'), 'other');
    await user.type(screen.getByLabelText('Your message'), 'This is spam, more spam.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('the most allowed');
  });

  it('opens a request from its address with support\'s answer as text, and sends a follow-up', async () => {
    const api = supportApi();
    const { user } = await openPage(`/ContactSupport?request=${answered.id}`);
    const thread = await screen.findByRole('list', { name: 'Conversation of request #1041' });
    expect(within(thread).getByText('<b>Yes</b>: anyone with the code can redeem it.')).toBeInTheDocument();
    expect(within(thread).getByText('Ada from Support')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Add to your request'), 'Thanks, that worked.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await within(thread).findByText('Thanks, that worked.')).toBeInTheDocument();
    expect(api.to(`POST /support/requests/${answered.id}/replies/`)[0]?.body).toEqual({ message: 'Thanks, that worked.' });
  });

  it('invites a person without requests to write', async () => {
    supportApi([]);
    await openPage();
    expect(await screen.findByText(/You have not contacted support yet/)).toBeInTheDocument();
  });

  it('says that a request named in the address is not among the person\'s, with or without requests of their own', async () => {
    const othersId = '52000000-0000-4000-8000-0000000000ff';
    const api = supportApi([]);
    api.on(`GET /support/requests/${othersId}/`, refuse(404, 'NOT_FOUND', 'That support request was not found.'));
    const { unmount } = await openPage(`/ContactSupport?request=${othersId}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('That request was not found among yours.');
    expect(screen.getByText(/You have not contacted support yet/)).toBeInTheDocument();
    // Asking again would not change a 404: no Try again.
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    unmount();

    supportApi([answered]).on(`GET /support/requests/${othersId}/`, refuse(404, 'NOT_FOUND', 'That support request was not found.'));
    await openPage(`/ContactSupport?request=${othersId}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('That request was not found among yours.');
    expect(screen.getByRole('list', { name: 'Your support requests' })).toHaveTextContent('#1041');
  });
});
