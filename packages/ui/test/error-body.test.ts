import { ErrorBody } from '@mastering/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, readErrorBody } from '../src/api/api';

// ApiError reads the API's error body without zod (it would be 24 KB of every first load): it must
// take exactly what the ErrorBody contract takes, and keep what it keeps.
describe('readErrorBody and the ErrorBody contract', () => {
  const bodies: unknown[] = [
    { error: 'Nope' },
    { error: '' },
    { error: 'Bad input', details: [{ path: ['email'], message: 'Invalid email' }] },
    { error: 'Bad input', details: null },
    { error: 'x', extra: 1 },
    { error: 42 },
    { message: 'Not the API' },
    ['error'],
    null,
    undefined,
    '<html>',
  ];

  it.each(bodies.map((body) => [JSON.stringify(body) ?? 'undefined', body]))(
    'agrees with the schema on %s',
    (_, body) => {
      const schema = ErrorBody.safeParse(body);
      expect(readErrorBody(body)).toEqual(schema.success ? schema.data : null);
    },
  );

  it('gives ApiError the body of a JSON error and null for anything else', () => {
    expect(new ApiError(400, 'Bad Request', '{"error":"Bad input","details":[1]}').body).toEqual({
      error: 'Bad input',
      details: [1],
    });
    expect(new ApiError(502, 'Bad Gateway', '<html>proxy</html>').body).toBeNull();
  });
});
