import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import { renderApp } from '../../test/render-app.tsx';
import { recipientOf } from './dev-outbox-page.tsx';

// The messages are dated from this instant; the test that reads their relative times stops the clock at it.
const datedFrom = Date.now();
const minutesAgo = (minutes: number) => new Date(datedFrom - minutes * 60_000).toISOString();

const messages = [
  { to: '+15551234567', channel: 'sms', subject: null, body: 'Your LocalLoop code is 654321.', code: '654321', created_at: minutesAgo(1) },
  {
    to: 'sam@example.com',
    channel: 'email',
    subject: 'Your LocalLoop code',
    body: 'Hello,\nyour code is 123456. It expires in 10 minutes.',
    code: '123456',
    created_at: minutesAgo(5),
  },
];

describe('developer outbox (/dev/outbox)', () => {
  it('lists the messages newest first with the code big and copyable and a relative time', async () => {
    vi.useFakeTimers({ now: datedFrom, toFake: ['Date'] });
    stubApi({ 'GET /dev/outbox': ok([...messages].reverse()) });
    const { user } = renderApp('/dev/outbox?to=sam%40example.com');
    const list = await screen.findByRole('list', { name: 'Messages, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('+15551234567');
    expect(items[0]).toHaveTextContent('a minute ago');
    expect(items[1]).toHaveTextContent('Your LocalLoop code');
    expect(items[1]).toHaveTextContent('5 minutes ago');
    expect(within(items[1] as HTMLElement).getByText('123456')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy code 123456' }));
    expect(await navigator.clipboard.readText()).toBe('123456');
    expect(await screen.findByText('Code copied.')).toBeInTheDocument();
  });

  it('filters by the recipient in the address bar, and follows the filter field', async () => {
    const api = stubApi({
      'GET /dev/outbox': (request) => ok(messages.filter((m) => !request.query.get('to') || m.to === request.query.get('to'))),
    });
    const app = renderApp('/dev/outbox?to=sam%40example.com');
    const field = await screen.findByLabelText('Show messages to');
    expect(field).toHaveValue('sam@example.com');
    const messagesList = () => within(screen.getByRole('list', { name: 'Messages, newest first' }));
    await waitFor(() => expect(messagesList().getAllByRole('listitem')).toHaveLength(1));
    expect(api.to('GET /dev/outbox')[0]?.query.get('to')).toBe('sam@example.com');

    await app.user.clear(field);
    await app.user.type(field, '+1 555 123 4567');
    await waitFor(() => expect(app.location().search).toBe('?to=%2B1+555+123+4567'));
    await waitFor(() => expect(messagesList().getByRole('listitem')).toHaveTextContent('654321'));
    expect(api.to('GET /dev/outbox').at(-1)?.query.get('to')).toBe('+15551234567');
  });

  it('refreshes by itself every 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi({ 'GET /dev/outbox': ok([]) });
    renderApp('/dev/outbox?to=sam%40example.com');
    expect(await screen.findByText(/No messages to/)).toHaveTextContent('No messages to sam@example.com yet.');
    const before = api.to('GET /dev/outbox').length;
    await vi.advanceTimersByTimeAsync(3100);
    await waitFor(() => expect(api.to('GET /dev/outbox').length).toBeGreaterThan(before));
  });

  it('says the outbox is off when the server answers 404 (production)', async () => {
    stubApi({ 'GET /dev/outbox': refuse(404, 'NOT_FOUND', 'There is no such endpoint.') });
    renderApp('/dev/outbox?to=sam%40example.com');
    expect(await screen.findByRole('heading', { name: 'The outbox is off' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Show messages to')).not.toBeInTheDocument();
  });
});

describe('developer outbox without a recipient', () => {
  it('asks for the address and lists nothing: nobody sees everyone\'s codes', async () => {
    const api = stubApi({ 'GET /dev/outbox': ok(messages) });
    renderApp('/dev/outbox');
    expect(await screen.findByText(/Type the e-mail address or phone number you used/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Messages, newest first' })).not.toBeInTheDocument();
    expect(api.to('GET /dev/outbox')).toHaveLength(0);
  });
});

describe('recipientOf', () => {
  it('drops the spacing of phone numbers, lower-cases e-mails and ignores fragments', () => {
    expect(recipientOf(' +1 (555) 123-4567 ')).toBe('+15551234567');
    expect(recipientOf('Sam@Example.com')).toBe('sam@example.com');
    expect(recipientOf('sa')).toBe('');
  });
});
