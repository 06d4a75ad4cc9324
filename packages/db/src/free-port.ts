import net from 'node:net';

/**
 * A TCP port on 127.0.0.1 that nobody listens on right now: one the OS picks, or `port` itself (rejects
 * when that one is taken).
 */
export function freePort(port = 0): Promise<number> {
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
