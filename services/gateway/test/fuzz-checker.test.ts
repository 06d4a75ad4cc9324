// The fuzzer's judge: an answer passes only with a status, media type and body the document describes.
import { describe, expect, it } from 'vitest';
import { answerChecker, type Sent } from '../../../scripts/lib/fuzz';
import { documentFromTables } from './openapi-tables';

const check = answerChecker(documentFromTables() as never);
const answer = (over: Partial<Sent>): Sent => ({
  who: 'admin',
  name: '',
  method: 'GET',
  path: '/api/auth/me',
  status: 200,
  contentType: 'application/json',
  body: '{"user":null}',
  ...over,
});

describe('the fuzzer checks answers against the document', () => {
  it('passes a described answer, and an error in the shared error shape', () => {
    expect(check(answer({}))).toBeNull();
    expect(
      check(
        answer({
          path: '/api/admin/orders/6a8e2a41-7f54-4b8e-9d43-3f1f3c1c9d10',
          status: 404,
          body: '{"error":"Order not found"}',
        }),
      ),
    ).toBeNull();
    expect(
      check(answer({ path: '/api/admin/customers/export', contentType: 'text/csv; charset=utf-8', body: 'a,b' })),
    ).toBeNull();
  });

  it('fails a body that breaks the schema, an undescribed status or media type, and an unknown operation', () => {
    expect(check(answer({ body: '{"user":42}' }))).toMatch(/status 200: .*user/);
    expect(check(answer({ status: 418 }))).toBe('status 418 is not described');
    expect(check(answer({ contentType: 'text/html' }))).toMatch(/content type "text\/html" is not described/);
    expect(check(answer({ status: 404, body: '{"message":"nope"}' }))).toMatch(/error/);
    expect(check(answer({ path: '/api/nothing' }))).toBe('no operation for GET /api/nothing');
  });
});
