import net from 'node:net';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freePort } from '../src/free-port';

/** The first port of the kernel's range for port-0 binds and outgoing connections. */
const ephemeralFrom = () => Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0]);

describe('freePort', () => {
  it('hands out bindable ports below the range the kernel gives port-0 binds and outgoing connections, never one twice', async () => {
    const ports = await Promise.all(Array.from({ length: 50 }, () => freePort()));
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) expect(port).toBeLessThan(ephemeralFrom());
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(ports[0], '127.0.0.1', resolve));
    server.close();
  });

  it('checks a given port: rejects it while something listens there', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await expect(freePort(port)).rejects.toThrow(/EADDRINUSE/);
    await new Promise((resolve) => server.close(resolve));
    await expect(freePort(port)).resolves.toBe(port);
  });
});
