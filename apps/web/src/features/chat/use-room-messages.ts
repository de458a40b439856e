import { chatEndpoints, type ChatMessage } from '@localloop/contract';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { call } from '../../api/client.ts';
import { ApiError, networkErrorCode } from '../../api/api-error.ts';

/** A message of this tab not yet answered by the server: shown at once, sent again with the same client id on retry. */
export type PendingMessage = { client_id: string; text: string; status: 'sending' | 'failed'; error: string | null; at: string };

type State = {
  roomId: string;
  status: 'loading' | 'ready' | 'error';
  error: unknown;
  /** Stored messages, oldest first, one per id. */
  messages: ChatMessage[];
  pending: PendingMessage[];
  /** More history above the first message. */
  hasOlder: boolean;
  loadingOlder: boolean;
  /** The server said this person is no longer in the room (404 on a call, or the channel revoked). */
  lost: boolean;
};

type Action =
  | { type: 'reset'; roomId: string }
  | { type: 'loaded'; messages: ChatMessage[]; hasOlder: boolean }
  | { type: 'failed'; error: unknown }
  | { type: 'older-start' }
  | { type: 'older'; messages: ChatMessage[]; hasOlder: boolean }
  | { type: 'older-failed' }
  | { type: 'merge'; messages: ChatMessage[] }
  | { type: 'pending'; message: PendingMessage }
  | { type: 'pending-failed'; clientId: string; error: string }
  | { type: 'pending-retry'; clientId: string }
  | { type: 'lost' };

const initial = (roomId: string): State => ({ roomId, status: 'loading', error: null, messages: [], pending: [], hasOlder: false, loadingOlder: false, lost: false });

/** Adds messages by id, in seq order; a stored message settles the pending copy with its client id. */
function merge(state: State, incoming: ChatMessage[]): State {
  if (incoming.length === 0) return state;
  const byId = new Map(state.messages.map((m) => [m.id, m]));
  for (const m of incoming) if (m.room_id === state.roomId) byId.set(m.id, m);
  const messages = [...byId.values()].sort((a, b) => a.seq - b.seq);
  const stored = new Set(incoming.map((m) => m.client_id));
  return { ...state, messages, pending: state.pending.filter((p) => !stored.has(p.client_id)) };
}

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'reset':
      return initial(action.roomId);
    case 'loaded':
      return { ...merge({ ...state, status: 'ready', error: null }, action.messages), hasOlder: action.hasOlder };
    case 'failed':
      return { ...state, status: 'error', error: action.error };
    case 'older-start':
      return { ...state, loadingOlder: true };
    case 'older':
      return { ...merge(state, action.messages), hasOlder: action.hasOlder, loadingOlder: false };
    case 'older-failed':
      return { ...state, loadingOlder: false };
    case 'merge':
      return merge(state, action.messages);
    case 'pending':
      return { ...state, pending: [...state.pending, action.message] };
    case 'pending-failed':
      return { ...state, pending: state.pending.map((p) => (p.client_id === action.clientId ? { ...p, status: 'failed', error: action.error } : p)) };
    case 'pending-retry':
      return { ...state, pending: state.pending.map((p) => (p.client_id === action.clientId ? { ...p, status: 'sending', error: null } : p)) };
    case 'lost':
      return { ...state, lost: true };
  }
}

const PAGE = 50;
const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * One room's history for the chat page: the newest page first, older pages on demand, and whatever came after the
 * last seen message on `catchUp` (a message event, a confirmed subscription after a reconnect, a resync). Sending
 * shows the message at once and posts it with a client id, so a retry (or a reconnect that brings it first) never
 * makes a copy: the stored message settles the pending one by that id.
 */
export function useRoomMessages(roomId: string) {
  const [state, dispatch] = useReducer(reducer, roomId, initial);
  /** The state as of the last render, for callbacks that run later (a catch-up reads the newest seq it has). */
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });
  /** Bumped per room, so answers for a room left behind are dropped. */
  const generation = useRef(0);
  const catchingUp = useRef<Promise<void> | null>(null);
  const catchUpAgain = useRef(false);

  const load = useCallback(async () => {
    const mine = generation.current;
    try {
      const page = await call(chatEndpoints.chatMessages, { params: { room_id: roomId }, query: { limit: PAGE } });
      if (mine === generation.current) dispatch({ type: 'loaded', messages: page.results, hasOlder: page.has_more });
    } catch (error) {
      if (mine !== generation.current) return;
      if (isGone(error)) dispatch({ type: 'lost' });
      dispatch({ type: 'failed', error });
    }
  }, [roomId]);

  useEffect(() => {
    generation.current += 1;
    dispatch({ type: 'reset', roomId });
    void load();
  }, [roomId, load]);

  /** Fetches everything after the newest stored message, page by page; one run at a time, again if asked meanwhile. */
  const catchUp = useCallback((): Promise<void> => {
    if (latest.current.status !== 'ready') return Promise.resolve();
    if (catchingUp.current) {
      catchUpAgain.current = true;
      return catchingUp.current;
    }
    const mine = generation.current;
    const run = async () => {
      do {
        catchUpAgain.current = false;
        let more = true;
        while (more && mine === generation.current) {
          const after = latest.current.messages.at(-1)?.seq ?? 0;
          const page = await call(chatEndpoints.chatMessages, { params: { room_id: roomId }, query: { after, limit: PAGE } });
          if (mine !== generation.current) return;
          dispatch({ type: 'merge', messages: page.results });
          latest.current = merge(latest.current, page.results);
          more = page.has_more && page.results.length > 0;
        }
      } while (catchUpAgain.current && mine === generation.current);
    };
    catchingUp.current = run()
      .catch((error: unknown) => {
        if (mine === generation.current && isGone(error)) dispatch({ type: 'lost' });
        // Otherwise the next event, reconnect or resync asks again.
      })
      .finally(() => {
        catchingUp.current = null;
      });
    return catchingUp.current;
  }, [roomId]);

  const loadOlder = useCallback(async () => {
    const current = latest.current;
    const first = current.messages[0];
    if (!first || !current.hasOlder || current.loadingOlder) return;
    const mine = generation.current;
    dispatch({ type: 'older-start' });
    try {
      const page = await call(chatEndpoints.chatMessages, { params: { room_id: roomId }, query: { before: first.seq, limit: PAGE } });
      if (mine === generation.current) dispatch({ type: 'older', messages: page.results, hasOlder: page.has_more });
    } catch (error) {
      if (mine !== generation.current) return;
      dispatch({ type: 'older-failed' });
      if (isGone(error)) dispatch({ type: 'lost' });
    }
  }, [roomId]);

  const post = useCallback(
    async (clientId: string, text: string) => {
      const mine = generation.current;
      try {
        const message = await call(chatEndpoints.postChatMessage, { params: { room_id: roomId }, body: { client_id: clientId, text } });
        if (mine === generation.current) dispatch({ type: 'merge', messages: [message] });
      } catch (error) {
        if (mine !== generation.current) return;
        if (isGone(error)) dispatch({ type: 'lost' });
        const reason = error instanceof ApiError && error.code !== networkErrorCode && error.status < 500 ? error.message : 'Not sent: check your connection.';
        dispatch({ type: 'pending-failed', clientId, error: reason });
      }
    },
    [roomId],
  );

  const send = useCallback(
    (text: string) => {
      const clientId = crypto.randomUUID();
      dispatch({ type: 'pending', message: { client_id: clientId, text, status: 'sending', error: null, at: new Date().toISOString() } });
      void post(clientId, text);
    },
    [post],
  );

  const retry = useCallback(
    (clientId: string) => {
      const pending = latest.current.pending.find((p) => p.client_id === clientId);
      if (!pending) return;
      dispatch({ type: 'pending-retry', clientId });
      void post(clientId, pending.text);
    },
    [post],
  );

  const markLost = useCallback(() => dispatch({ type: 'lost' }), []);

  return { ...state, reload: load, catchUp, loadOlder, send, retry, markLost };
}
