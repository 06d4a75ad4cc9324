import { describe, expect, it } from 'vitest';
import { REDACTED, redactLinks } from '../src/redact';

// The stored copy of a mail goes through the logs' one redaction (issue 51 Deliver 3): any link in it that
// carries a token keeps its place and loses the token, in text and in HTML alike.
describe('redactLinks', () => {
  const ORDER = '2f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';

  it('redacts the token of every kind of link in text, and keeps the rest of the text', () => {
    const text = [
      `View your order: https://studio.example/orders/${ORDER}?t=order-token`,
      'Finish paying: https://studio.example/api/payment/resume/resume-token',
      'Download: https://studio.example/download/download-token',
      'Unsubscribe: https://studio.example/e/unsubscribe/unsub-token',
      `Invoice: /api/orders/${ORDER}/invoice?t=order-token and/or reply to us.`,
    ].join('\n');
    const stored = redactLinks(text);
    for (const token of ['order-token', 'resume-token', 'download-token', 'unsub-token'])
      expect(stored).not.toContain(token);
    expect(stored).toContain(`https://studio.example/orders/${ORDER}?t=${REDACTED}`);
    expect(stored).toContain(`https://studio.example/api/payment/resume/${REDACTED}`);
    expect(stored).toContain('and/or reply to us.');
  });

  it('reads links inside HTML attributes, with parameters joined by &amp;', () => {
    const html = `<a href="https://studio.example/api/orders/${ORDER}/invoice?lang=en&amp;t=order-token">Invoice</a><img src="https://studio.example/e/o/open-token" />`;
    expect(redactLinks(html)).toBe(
      `<a href="https://studio.example/api/orders/${ORDER}/invoice?lang=en&amp;t=${REDACTED}">Invoice</a><img src="https://studio.example/e/o/${REDACTED}" />`,
    );
  });
});
