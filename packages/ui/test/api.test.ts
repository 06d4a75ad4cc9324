import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiJson,
  apiRequest,
  errorMessage,
  getQueryFn,
  serverErrorText,
  throwIfResNotOk,
} from '../src/api/api';
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
    await expect(throwIfResNotOk(new Response('{"error":"Nope"}', { status: 422 }))).rejects.toThrow(
      '422: {"error":"Nope"}',
    );
  });

  it('uses the status text when the body is empty', async () => {
    await expect(throwIfResNotOk(new Response('', { status: 404, statusText: 'Not Found' }))).rejects.toThrow(
      '404: Not Found',
    );
  });
});

describe('ApiError', () => {
  const failure = async (body: string, init: ResponseInit) => {
    mockFetch(new Response(body, init));
    return apiRequest('POST', '/api/x', { a: 1 }).then(
      () => expect.unreachable('a non-2xx answer must throw'),
      (error: unknown) => error as ApiError,
    );
  };

  it('carries the status and the JSON {error, details} of a 4xx answer', async () => {
    const error = await failure('{"error":"Invalid email address","details":[{"path":["email"]}]}', { status: 400 });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ error: 'Invalid email address', details: [{ path: ['email'] }] });
    expect(error.message).toBe('400: {"error":"Invalid email address","details":[{"path":["email"]}]}');
    expect(serverErrorText(error, 'fallback')).toBe('Invalid email address');
  });

  it('keeps a 5xx answer that is not JSON as text, with no error body', async () => {
    const error = await failure('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' });
    expect(error.status).toBe(502);
    expect(error.body).toBeNull();
    expect(error.json).toBeUndefined();
    expect(error.message).toBe('502: <html>Bad Gateway</html>');
    expect(serverErrorText(error, 'Try again')).toBe('Try again');
  });

  it('keeps JSON of another shape in json but not in body', async () => {
    const error = await failure('{"status":"unhealthy"}', { status: 503 });
    expect(error.body).toBeNull();
    expect(error.json).toEqual({ status: 'unhealthy' });
  });

  it('falls back to the status text for an empty body', async () => {
    const error = await failure('', { status: 500, statusText: 'Internal Server Error' });
    expect(error.message).toBe('500: Internal Server Error');
    expect(errorMessage(error)).toBe('500: Internal Server Error');
  });

  it('serverErrorText ignores errors that are not API answers', () => {
    expect(serverErrorText(new Error('network down'), 'fallback')).toBe('fallback');
    expect(serverErrorText(new ApiError(400, 'Bad Request', '{"error":""}'), 'fallback')).toBe('fallback');
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

  it('apiJson answers undefined for an empty body (204)', async () => {
    mockFetch(new Response(null, { status: 204 }));
    await expect(apiJson('DELETE', '/api/x')).resolves.toBeUndefined();
  });

  it('apiJson checks the answer with a schema when given one', async () => {
    const schema = {
      parse: (data: unknown) => {
        if (typeof (data as { n?: unknown }).n !== 'number') throw new Error('n must be a number');
        return data as { n: number };
      },
    };
    mockFetch(new Response('{"n":"1"}', { status: 200 }));
    await expect(apiJson('GET', '/api/x', undefined, { schema })).rejects.toThrow('n must be a number');
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

  it('still throws other failures when 401 means signed out', async () => {
    mockFetch(new Response('{"error":"Forbidden"}', { status: 403 }));
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/auth/me']))).rejects.toMatchObject({
      status: 403,
      body: { error: 'Forbidden' },
    });
  });
});

describe('createQueryClient', () => {
  it('has the spec defaults: never stale, no focus refetch, no polling, no retries', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    });
    expect(typeof queries?.queryFn).toBe('function');
    expect(mutations).toMatchObject({ retry: false });
  });

  it('runs a query through the default query function with a single attempt', async () => {
    const fetch = mockFetch(new Response('boom', { status: 500 }));
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/config'] })).rejects.toThrow(new ApiError(500, '', 'boom'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
