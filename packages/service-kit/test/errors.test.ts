import { describe, expect, it } from 'vitest';
import { NotFoundError } from 'objection';
import { z } from 'zod';
import { DomainError } from '@mastering/contracts';
import { Conflict, Forbidden, Invalid, NotFound, toErrorResponse, TooManyRequests, Unauthorized } from '../src/errors';

describe('toErrorResponse', () => {
  it('maps each kind of domain error (packages/orders) to its status, once, here', () => {
    expect(toErrorResponse(new DomainError('invalid', 'Cannot go from pending to mastered'))).toEqual({
      status: 400,
      body: { error: 'Cannot go from pending to mastered' },
    });
    expect(toErrorResponse(new DomainError('not-allowed', 'Not yours')).status).toBe(403);
    expect(toErrorResponse(new DomainError('not-found', 'Order not found')).status).toBe(404);
    expect(toErrorResponse(new DomainError('conflict', 'Already rated')).status).toBe(409);
  });

  it('keeps the status and message of domain errors', () => {
    expect(toErrorResponse(new NotFound('Order not found'))).toEqual({
      status: 404,
      body: { error: 'Order not found' },
    });
    expect(toErrorResponse(new Conflict('Price changed', { total: 324 }))).toEqual({
      status: 409,
      body: { error: 'Price changed', details: { total: 324 } },
    });
    expect(toErrorResponse(new Invalid('Bad file', undefined, 415)).status).toBe(415);
    expect(toErrorResponse(new Unauthorized()).status).toBe(401);
    expect(toErrorResponse(new Forbidden()).status).toBe(403);
    expect(toErrorResponse(new TooManyRequests()).status).toBe(429);
  });

  it('turns a zod error into 400 with the first message and every issue as details', () => {
    const result = z
      .object({ email: z.string().min(1, 'Please enter your email address.'), n: z.number() })
      .safeParse({ email: '', n: 'x' });
    const mapped = toErrorResponse(result.error);
    expect(mapped.status).toBe(400);
    expect(mapped.body.error).toBe('Please enter your email address.');
    expect(mapped.body.details).toEqual([
      { path: 'email', message: 'Please enter your email address.' },
      { path: 'n', message: expect.any(String) },
    ]);
  });

  it('maps PostgreSQL constraint errors without leaking SQL', () => {
    expect(
      toErrorResponse({ code: '23505', message: 'duplicate key value violates unique constraint "users_email"' }),
    ).toEqual({ status: 409, body: { error: 'A record with these values already exists' } });
    expect(toErrorResponse({ code: '23514' }).status).toBe(400);
    expect(toErrorResponse({ nativeError: { code: '22P02' } }).status).toBe(400);
    expect(
      toErrorResponse({ code: '22003', message: 'value "1562593133606795" is out of range for type integer' }),
    ).toEqual({ status: 400, body: { error: 'A number is out of range' } });
  });

  it('passes through exposed 4xx errors from Koa middleware such as a too-large body', () => {
    expect(toErrorResponse({ status: 413, expose: true, message: 'request entity too large' })).toEqual({
      status: 413,
      body: { error: 'request entity too large' },
    });
  });

  it("answers 404 for objection's NotFoundError, whatever name a bundle gives its class", () => {
    // esbuild renames a class whose name clashes with another module's, and objection names its errors after their class.
    class NotFoundError2 extends NotFoundError {}
    expect(new NotFoundError2({}).name).toBe('NotFoundError2');
    expect(toErrorResponse(new NotFoundError2({}))).toEqual({ status: 404, body: { error: 'Not found' } });
    expect(toErrorResponse(new NotFoundError({})).status).toBe(404);
    expect(toErrorResponse(Object.assign(new Error('x'), { name: 'NotFoundError' })).status).toBe(500);
  });

  it('hides everything else behind a generic 500', () => {
    const mapped = toErrorResponse(new Error('connection refused at 10.0.0.1 password=secret'));
    expect(mapped).toEqual({ status: 500, body: { error: 'Internal server error' } });
  });
});

describe('database outages', () => {
  it('are 503 however the driver or the ORM wraps them', () => {
    const shuttingDown = Object.assign(new Error('the database system is shutting down'), { code: '57P01' });
    const wrapped = Object.assign(new Error('the database system is shutting down'), {
      name: 'DBError',
      nativeError: shuttingDown,
    });
    const startingUp = Object.assign(new Error('the database system is starting up'), { code: '57P03' });
    const refused = new AggregateError(
      [Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })],
      'connect failed',
    );
    for (const err of [
      shuttingDown,
      wrapped,
      startingUp,
      refused,
      Object.assign(new Error('x'), { name: 'KnexTimeoutError' }),
    ]) {
      expect(toErrorResponse(err)).toEqual({ status: 503, body: { error: 'Service temporarily unavailable' } });
    }
    expect(toErrorResponse(Object.assign(new Error('syntax error'), { code: '42601' })).status).toBe(500);
  });
});
