import net from 'node:net';

// Ports are handed out from below the kernel's range for port-0 binds and outgoing connections (32768-60999 on
// Linux). A port is handed out for a bind by another process seconds later (PostgreSQL after initdb, a service
// after its start-up), and one from that range could be taken in between by any outgoing connection or port-0
// server of the suites running beside it, by the thousand: seen in CI as PostgreSQL's "could not bind ...
// Address already in use" after initdb. Below the range only another explicit bind can take it.
const FROM = 20_000;
const TO = 32_000;
// Never the same port twice from this process, even once its first holder has let it go for a moment.
const handedOut = new Set<number>();

/** Resolves when `port` on 127.0.0.1 can be bound right now; rejects when it is taken. */
function bindable(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A TCP port on 127.0.0.1 that nobody listens on right now, for a server to bind later: one below the
 * kernel's port-0 range that this process has not handed out before, or `port` itself (rejects when that
 * one is taken).
 */
export async function freePort(port?: number): Promise<number> {
  if (port !== undefined) return bindable(port);
  for (;;) {
    const candidate = FROM + Math.floor(Math.random() * (TO - FROM));
    if (handedOut.has(candidate)) continue;
    if (
      await bindable(candidate).then(
        () => true,
        () => false,
      )
    ) {
      handedOut.add(candidate);
      return candidate;
    }
  }
}
