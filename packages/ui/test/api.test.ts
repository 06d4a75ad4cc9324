import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiJson, apiRequest, getQueryFn, throwIfResNotOk } from '../src/api/api';
import { createQueryClient } from '../src/api/query-client';

function mockFetch(response: Response) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('throwIfResNotOk', () => {
  it('passes a 2xx response', async () => {
    await expect(throwIfResNotOk(new Response('{}', { status: 200 }))).resolves.toBeUndefined();
  });

  it('fails with "<status>: <body>"', async () => {
    await expect(throwIfResNotOk(new Response('{"error":"Nope"}', { status: 422 }))).rejects.toThrow('422: {"error":"Nope"}');
  });

  it('uses the status text when the body is empty', async () => {
    await expect(throwIfResNotOk(new Response('', { status: 404, statusText: 'Not Found' }))).rejects.toThrow('404: Not Found');
  });
});

describe('apiRequest', () => {
  it('sends a JSON body with its content type and cookies', async () => {
    const fetch = mockFetch(new Response('{"ok":true}', { status: 200 }));
    await apiRequest('POST', '/auth/request-code', { email: 'a@b.co' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/auth/request-code');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"email":"a@b.co"}' });
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it('sends no body and no content type without data', async () => {
    const fetch = mockFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/auth/logout');
    const init = fetch.mock.calls[0]![1]!;
    expect(init.body).toBeUndefined();
    expect(init.headers).toBeUndefined();
    expect(init.credentials).toBe('include');
  });

  it('throws the spec error message on failure', async () => {
    mockFetch(new Response('Too many requests', { status: 429 }));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('429: Too many requests');
  });

  it('apiJson parses the answer', async () => {
    mockFetch(new Response('{"n":1}', { status: 200 }));
    await expect(apiJson('GET', '/api/x')).resolves.toEqual({ n: 1 });
  });
});

describe('getQueryFn', () => {
  const context = (queryKey: readonly unknown[]) =>
    ({ queryKey, signal: new AbortController().signal, meta: undefined, client: new QueryClient() }) as never;

  it('GETs the key segments joined by "/" with cookies', async () => {
    const fetch = mockFetch(new Response('[1,2]', { status: 200 }));
    const result = await getQueryFn({ on401: 'throw' })(context(['/api/admin/orders', 'abc']));
    expect(result).toEqual([1, 2]);
    expect(fetch.mock.calls[0]![0]).toBe('/api/admin/orders/abc');
    expect(fetch.mock.calls[0]![1]).toMatchObject({ credentials: 'include' });
  });

  it('answers null on 401 when asked to', async () => {
    mockFetch(new Response('Unauthorized', { status: 401 }));
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/auth/me']))).resolves.toBeNull();
  });

  it('throws on 401 otherwise', async () => {
    mockFetch(new Response('', { status: 401, statusText: 'Unauthorized' }));
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/auth/me']))).rejects.toThrow('401: Unauthorized');
  });
});

describe('createQueryClient', () => {
  it('has the spec defaults: never stale, no focus refetch, no polling, no retries', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: false });
    expect(typeof queries?.queryFn).toBe('function');
    expect(mutations).toMatchObject({ retry: false });
  });

  it('runs a query through the default query function with a single attempt', async () => {
    const fetch = mockFetch(new Response('boom', { status: 500 }));
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/config'] })).rejects.toThrow('500: boom');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
