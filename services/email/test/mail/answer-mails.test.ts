import { describe, expect, it } from 'vitest';
import { mailSource } from '../../src/mail/system-templates';
import { renderSource, viewOf } from '../../src/mail/templates';

// Issue 25: the customer's answer to "Not happy?" and the staff's revision notice render their params.
const ORDER_ID = '0b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e';
const render = (name: 'refund-request-answered' | 'revision-requested', data: Record<string, unknown>) =>
  renderSource(mailSource(name), viewOf(data, 'https://studio.example'));

describe('answer mails', () => {
  it('tells the customer an approval or a decline, with what staff wrote and the order link', async () => {
    const base = { orderId: ORDER_ID, customerEmail: 'a@example.com', orderPageUrl: 'https://studio.example/o' };
    const approved = await render('refund-request-answered', { ...base, approved: true, answer: 'Sorry & thanks' });
    expect(approved.subject).toBe('Your refund request for order 0b1e9d5c');
    expect(approved.text).toContain('We agree: we are refunding order 0b1e9d5c');
    expect(approved.text).not.toContain('will not refund');
    expect(approved.html).toContain('Sorry &amp; thanks');
    expect(approved.html).toContain('href="https://studio.example/o"');
    const declined = await render('refund-request-answered', { ...base, approved: false, answer: 'It is as ordered' });
    expect(declined.text).toContain('will not refund it');
    expect(declined.text).toContain('It is as ordered');
  });

  it("gives staff the revision's track, round, time and note", async () => {
    const mail = await render('revision-requested', {
      orderId: ORDER_ID,
      customerEmail: 'a@example.com',
      fileName: 'Sunset.wav',
      round: 2,
      note: 'Less reverb',
      at: '1:23',
    });
    expect(mail.subject).toBe('Revision round 2 asked for: order 0b1e9d5c');
    expect(mail.text).toContain('a@example.com asked for revision round 2 of Sunset.wav (order 0b1e9d5c), at 1:23:');
    expect(mail.text).toContain('Less reverb');
  });
});
