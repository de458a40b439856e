import type { ChatRequest } from '@localloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../test/api-stub.ts';
import { activity, activityHost, person } from '../../test/activity-fixtures.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const activityId = activity().id;
const detailsKey = `GET /activities/details/${activityId}/`;
const roomId = 'c0000000-0000-4000-8000-000000000001';
const directId = 'c0000000-0000-4000-8000-000000000002';
const requestId = 'e0000000-0000-4000-8000-000000000001';

function chatRequest(n: number, overrides: Partial<ChatRequest> = {}): ChatRequest {
  return {
    id: `e0000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
    activity_id: activityId,
    requester: person(n),
    message: `Question ${n}: is it beginner friendly?`,
    status: 'pending',
    room_id: null,
    created_at: '2026-11-24T10:00:00.000Z',
    decided_at: null,
    ...overrides,
  };
}

describe('the chat of an activity\'s page (/ActivitiesDetails/{activityId})', () => {
  it('gives the host and those going a Chat button to the group room', async () => {
    stubApi({ [detailsKey]: ok(activity({ my_state: 'joined', chat_room_id: roomId })) });
    storeSession(userLogin);
    renderApp(`/ActivitiesDetails/${activityId}`);
    expect(await screen.findByRole('link', { name: 'Chat' })).toHaveAttribute('href', `/chat/${activityId}/${roomId}`);
    expect(screen.queryByRole('button', { name: 'Message the host' })).not.toBeInTheDocument();
  });

  it('lets someone not going message the host, then shows the request waiting, and the one-to-one chat once accepted', async () => {
    const api = stubApi({
      [detailsKey]: ok(activity()),
      'POST /chat/create-chat-request/': ok(chatRequest(1, { id: requestId, requester: person(99) })),
    });
    storeSession(userLogin);
    const { user, unmount } = renderApp(`/ActivitiesDetails/${activityId}`);
    await user.click(await screen.findByRole('button', { name: 'Message the host' }));
    expect(await screen.findByRole('heading', { name: `Message ${activityHost.name}` })).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Your message (optional)' }), 'Can I bring my dog?');
    api.on(detailsKey, ok(activity({ my_chat_request: { id: requestId, status: 'pending', room_id: null } })));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(`Your message is sent to ${activityHost.name}: you can chat once they accept.`)).toBeInTheDocument();
    expect(api.to('POST /chat/create-chat-request/')[0]?.body).toEqual({ activity_id: activityId, message: 'Can I bring my dog?' });
    expect(await screen.findByText(`Your message to ${activityHost.name} is waiting for an answer.`)).toBeInTheDocument();
    unmount();

    api.on(detailsKey, ok(activity({ my_chat_request: { id: requestId, status: 'accepted', room_id: directId } })));
    renderApp(`/ActivitiesDetails/${activityId}`);
    expect(await screen.findByRole('link', { name: `Chat with ${activityHost.name}` })).toHaveAttribute('href', `/chat/${activityId}/${directId}`);
  });

  it('offers no chat to a visitor', async () => {
    stubApi({ [detailsKey]: ok(activity()) });
    renderApp(`/ActivitiesDetails/${activityId}`);
    expect(await screen.findByRole('link', { name: 'Log in to join' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message the host' })).not.toBeInTheDocument();
  });
});

describe('chat requests on /ActivityRequests/{activityId}', () => {
  it('lets the host accept one request (a one-to-one chat opens), decline another, or accept all at once', async () => {
    const requests = [chatRequest(1), chatRequest(2), chatRequest(3)];
    const api = stubApi({
      [detailsKey]: ok(activity({ is_host: true, my_state: 'host', chat_room_id: roomId })),
      [`GET /chat/get-chat-requests/${activityId}/`]: ok(requests),
      'PATCH /chat/accept-chat-request/': (request) =>
        ok(
          (request.body as { id: string; is_accepted: boolean }[]).map((d, i) => ({
            ...(requests.find((r) => r.id === d.id) ?? chatRequest(9)),
            status: d.is_accepted ? 'accepted' : 'rejected',
            room_id: d.is_accepted ? `c0000000-0000-4000-8000-00000000010${i}` : null,
            decided_at: '2026-11-24T11:00:00.000Z',
          })),
        ),
      [`GET /chat/get/chat-rooms/${activityId}/`]: ok([
        { id: 'c0000000-0000-4000-8000-000000000100', activity_id: activityId, kind: 'direct', title: 'Person 1', members: [activityHost, person(1)], member_count: 2, last_message: null, unread_count: 0, last_read_seq: 0, read_receipts: [] },
      ]),
      'GET /chat/rooms/c0000000-0000-4000-8000-000000000100/messages/': ok({ results: [], has_more: false }),
    });
    storeSession(userLogin);
    const { user } = renderApp(`/ActivityRequests/${activityId}`);
    const list = await screen.findByRole('list', { name: 'Chat requests' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('Question 1: is it beginner friendly?')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Chat with Person 1' }));
    expect(await screen.findByRole('button', { name: 'Open the chat' })).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Decline Person 2\'s chat request' }));
    expect(await screen.findByText('Person 2\'s chat request is declined.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept all' }));
    await waitFor(() => expect(api.to('PATCH /chat/accept-chat-request/')).toHaveLength(3));
    expect(api.to('PATCH /chat/accept-chat-request/').map((c) => c.body)).toEqual([
      [{ id: requests[0]?.id, is_accepted: true, is_rejected: false }],
      [{ id: requests[1]?.id, is_accepted: false, is_rejected: true }],
      requests.map((r) => ({ id: r.id, is_accepted: true, is_rejected: false })),
    ]);
    // The toast's button opens the one-to-one chat that the first acceptance made.
    await user.click(screen.getAllByRole('button', { name: 'Open the chat' })[0] as HTMLElement);
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat with Person 1' })).toBeInTheDocument();
  });

  it('says when nobody is waiting to chat', async () => {
    stubApi({ [detailsKey]: ok(activity({ is_host: true, my_state: 'host' })), [`GET /chat/get-chat-requests/${activityId}/`]: ok([]) });
    storeSession(userLogin);
    renderApp(`/ActivityRequests/${activityId}`);
    expect(await screen.findByText(/Nobody is waiting to chat/)).toBeInTheDocument();
  });
});
