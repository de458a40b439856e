import { screen, within } from '@testing-library/react';
import type { SupportRequest } from '@localloop/contract';
import { describe, expect, it } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import { storeSession, userLogin, userProfile } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const operatorProfile = { ...userProfile, is_operator: true };
const open: SupportRequest = {
  id: '52000000-0000-4000-8000-000000000009',
  number: 1050,
  topic: 'payments',
  status: 'open',
  excerpt: 'I was charged twice for one deal.',
  reference: null,
  person: { id: '10000000-0000-4000-8000-000000000001', name: 'Maya Chen', email: 'maya@example.com', phone_number: null },
  message_count: 1,
  created_at: '2025-03-04T10:00:00.000Z',
  last_message_at: '2025-03-04T10:00:00.000Z',
  closed_at: null,
  messages: [{ id: '52000000-0000-4000-8000-000000000009', author: 'person', author_name: 'Maya Chen', body: 'I was charged twice for one deal.', created_at: '2025-03-04T10:00:00.000Z' }],
};
const summary = ({ messages: _messages, ...rest }: SupportRequest) => rest;

function operatorApi() {
  let request = open;
  return stubApi({
    'GET /profile/': ok(operatorProfile),
    'GET /notifications/': ok([]),
    'GET /admin/support-requests/': (r) => {
      const status = r.query.get('status');
      return ok({ count: 1, page: 1, page_size: 20, results: status === request.status || status === 'all' ? [summary(request)] : [] });
    },
    [`GET /support/requests/${open.id}/`]: () => ok(request),
    [`POST /admin/support-requests/${open.id}/answer/`]: (r) => {
      const { message } = r.body as { message: string };
      request = { ...request, status: 'answered', message_count: 2, messages: [...request.messages, { id: '53000000-0000-4000-8000-000000000009', author: 'support', author_name: 'Ada from Support', body: message, created_at: '2025-03-04T11:00:00.000Z' }] };
      return ok(request);
    },
    [`POST /admin/support-requests/${open.id}/close/`]: () => {
      request = { ...request, status: 'closed', closed_at: '2025-03-04T12:00:00.000Z' };
      return ok(request);
    },
  });
}

describe('the operators\' Support section (/admin?section=support)', () => {
  it('lists open requests, opens one, answers it and closes it', async () => {
    const api = operatorApi();
    storeSession(userLogin);
    const { user } = renderApp('/admin?section=support');
    const list = await screen.findByRole('list', { name: 'Support requests' });
    expect(screen.getByRole('link', { name: 'Support' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(list).getByRole('link', { name: /#1050/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Request #1050: Payments & refunds' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Write your message.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your answer'), 'We refunded the second charge.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    const thread = screen.getByRole('list', { name: 'Conversation of request #1050' });
    expect(await within(thread).findByText('We refunded the second charge.')).toBeInTheDocument();
    expect(api.to(`POST /admin/support-requests/${open.id}/answer/`)[0]?.body).toEqual({ message: 'We refunded the second charge.' });
    await user.click(screen.getByRole('button', { name: 'Close request' }));
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
  });

  it('shows a refused answer in the form\'s alert', async () => {
    const api = operatorApi();
    api.on(`POST /admin/support-requests/${open.id}/answer/`, refuse(409, 'SUPPORT_REQUEST_CLOSED', 'This request is closed. Reopen it to answer.'));
    storeSession(userLogin);
    const { user } = renderApp(`/admin?section=support&request=${open.id}`);
    await user.type(await screen.findByLabelText('Your answer'), 'Hello again.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This request is closed. Reopen it to answer.');
  });
});
