import type { ClientFrame, ServerFrame } from '@localloop/contract';
import { act } from '@testing-library/react';

/** A WebSocket the test plays the server of: stub it in with vi.stubGlobal('WebSocket', FakeWebSocket). */
export class FakeWebSocket {
  static readonly OPEN = 1;
  static instances: FakeWebSocket[] = [];
  readonly url: string;
  readyState = 0;
  closed = false;
  /** What the client sent, parsed. */
  sent: ClientFrame[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text) as ClientFrame);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  /** Test side: the server accepts, pushes, or drops the connection. */
  serverOpens() {
    this.readyState = 1;
    act(() => this.onopen?.(new Event('open')));
  }
  serverSends(data: ServerFrame | Record<string, unknown>) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) })));
  }
  serverDrops() {
    this.readyState = 3;
    act(() => this.onclose?.(new CloseEvent('close')));
  }
}
