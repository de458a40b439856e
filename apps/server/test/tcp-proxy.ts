import net from 'node:net';

/**
 * A loopback TCP relay between the server and its PostgreSQL, so a test can break the network under a running app
 * while the database itself (shared with other test files) stays up: `refuse()` stops taking new connections and keeps
 * the open ones, `cut()` also drops those, `restore()` takes connections again on the same port.
 */
export type TcpProxy = {
  port: number;
  refuse(): void;
  cut(): void;
  restore(): Promise<void>;
  close(): void;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  const relay = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(socket);
      socket.on('error', () => other.destroy());
      socket.on('close', () => {
        open.delete(socket);
        other.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  };
  let server: net.Server | null = null;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const next = net.createServer(relay);
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        server = next;
        resolve((next.address() as net.AddressInfo).port);
      });
    });
  const refuse = () => {
    // close() stops accepting at once; the connections already open carry on.
    server?.close();
    server = null;
  };
  const cut = () => {
    refuse();
    for (const socket of open) socket.destroy();
  };
  const port = await listen(0);
  return {
    port,
    refuse,
    cut,
    async restore() {
      if (!server) await listen(port);
    },
    close: cut,
  };
}
