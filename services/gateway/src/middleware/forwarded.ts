import type { Middleware } from 'koa';

const OURS = /^x-mastering-/;

/**
 * Decides who the client is, once, at the edge: with `trustedHops` proxies in front, Koa reads the
 * client address, scheme and host from their X-Forwarded-* headers (only the entries those proxies
 * appended); with none, from the socket. The request then carries exactly that to the services:
 * X-Forwarded-For/-Proto/-Host are overwritten (a client's own values never pass through), and any
 * header in our private `x-mastering-` namespace a client sent is dropped (identity comes only from us).
 */
export function forwardedHeaders(): Middleware {
  return async (ctx, next) => {
    const headers = ctx.req.headers;
    const client = { for: ctx.ip, proto: ctx.protocol, host: ctx.host };
    for (const name of Object.keys(headers)) if (OURS.test(name)) delete headers[name];
    delete headers.forwarded;
    headers['x-forwarded-for'] = client.for;
    headers['x-forwarded-proto'] = client.proto;
    headers['x-forwarded-host'] = client.host;
    await next();
  };
}
