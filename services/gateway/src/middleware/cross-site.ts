import type { Middleware } from 'koa';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// `none` is a request the user started themselves (typed URL, bookmark); same-site is still another origin.
const SAME_ORIGIN_FETCH = new Set(['same-origin', 'none']);

/**
 * Refuses (403 JSON) a state-changing request that a browser says comes from another site: its
 * Sec-Fetch-Site says so, or its Origin is neither the site's public origin nor the origin the request
 * was addressed to. Requests with neither header (webhooks, API clients, curl) pass: only browsers
 * attach cookies across sites, and browsers always send at least one of the two on such requests.
 */
export function crossSiteGuard({ publicOrigin }: { publicOrigin: string }): Middleware {
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method)) return next();
    const fetchSite = ctx.get('sec-fetch-site');
    const origin = ctx.get('origin');
    const ownOrigin = `${ctx.protocol}://${ctx.host}`;
    const crossSite =
      (fetchSite !== '' && !SAME_ORIGIN_FETCH.has(fetchSite)) ||
      (origin !== '' && origin !== publicOrigin && origin !== ownOrigin);
    if (crossSite) {
      ctx.status = 403;
      ctx.body = { error: 'Cross-site request refused' };
      return;
    }
    await next();
  };
}
