import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { clientKeyOf } from '@mastering/service-kit';
import type { GatewayConfig } from './config';

export type ClientLimits = Pick<
  GatewayConfig,
  'HEADERS_TIMEOUT_MS' | 'MAX_CONNECTIONS_PER_CLIENT' | 'TRUST_PROXY_HOPS'
>;

/**
 * What one client may hold of the gateway's HTTP server: its request headers within
 * HEADERS_TIMEOUT_MS (Node answers 408 and closes), and at most MAX_CONNECTIONS_PER_CLIENT open
 * connections from one address. Body time limits depend on the request (an upload may take an hour at
 * a fair rate, a login form may not), so they are the request-body middleware's, and Node's single
 * request deadline stays off.
 *
 * The cap counts sockets by their peer address (an IPv6 one by its /64). Behind TRUST_PROXY_HOPS proxies every socket comes
 * from a proxy, and a connection (kept alive, reused) does not belong to one client, so no cap is
 * applied there: the proxy in front must limit connections per client.
 */
export function limitClients(server: Server, limits: ClientLimits): void {
  server.headersTimeout = limits.HEADERS_TIMEOUT_MS;
  server.requestTimeout = 0;
  // Node checks the header deadline on this interval (read when the server starts listening); its
  // 30 s default would let a silent client keep a connection up to 30 s past the deadline.
  Object.assign(server, { connectionsCheckingInterval: Math.min(1_000, limits.HEADERS_TIMEOUT_MS) });
  const cap = limits.TRUST_PROXY_HOPS > 0 ? 0 : limits.MAX_CONNECTIONS_PER_CLIENT;
  if (cap > 0) capConnectionsPerAddress(server, cap);
}

/** Closes, as soon as it is accepted, a connection from a client (clientKeyOf its address: IPv6 by /64) that already has `cap` open. */
function capConnectionsPerAddress(server: Server, cap: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    if (socket.remoteAddress === undefined) return void socket.destroy(); // already gone
    const address = clientKeyOf(socket.remoteAddress);
    const count = (open.get(address) ?? 0) + 1;
    // Nothing has been read yet, so there is no request to answer: the connection is just closed.
    if (count > cap) return void socket.destroy();
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
