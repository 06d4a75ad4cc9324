import { describe, expect, it } from 'vitest';
import { mailParamsProblem, type MailTemplateName } from '@mastering/contracts';
import { mailSource } from '../../src/mail/system-templates';
import { renderSource, viewOf } from '../../src/mail/templates';

// Issue 50: "Not happy?" tells the admins, and the customer hears back for their own requests.
const ORDER_ID = '0b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e';
const render = (name: MailTemplateName, data: Record<string, unknown>) => {
  expect(mailParamsProblem(name, data)).toBeNull();
  return renderSource(mailSource(name), viewOf(data, 'https://studio.example'));
};
// Monday 7 December 2026, 15:00 in Johannesburg.
const request = {
  orderId: ORDER_ID,
  customerEmail: 'naledi@example.com',
  message: 'The vocals are buried & thin.',
  answerBy: '2026-12-07T13:00:00.000Z',
};

describe('acknowledgement mails', () => {
  it('tells the admins who is not happy, what they wrote, by when to answer, and where', async () => {
    const mail = await render('refund-request-filed', request);
    expect(mail.subject).toBe('Not happy: refund request for order 0b1e9d5c');
    expect(mail.text).toContain('naledi@example.com is not happy with order 0b1e9d5c');
    expect(mail.text).toContain('The vocals are buried & thin.');
    expect(mail.text).toContain('please answer by 07 December 2026 at 15:00');
    expect(mail.html).toContain('href="https://studio.example/admin/refund-requests"');
    expect(mail.html).toContain('buried &amp; thin');
  });

  it("acknowledges the customer's refund request with the promise of an answer and the order link", async () => {
    const mail = await render('refund-request-received', { ...request, orderPageUrl: 'https://studio.example/o' });
    expect(mail.subject).toBe('We have your request about order 0b1e9d5c');
    expect(mail.text).toContain('within one working day: by 07 December 2026 at 15:00 at the latest');
    expect(mail.text).toContain('The vocals are buried & thin.');
    expect(mail.html).toContain('href="https://studio.example/o"');
  });

  it("acknowledges the customer's revision request: the track, round, pinned time and note", async () => {
    const base = {
      orderId: ORDER_ID,
      customerEmail: 'naledi@example.com',
      fileName: 'Sunset.wav',
      round: 2,
      note: 'Less reverb',
      at: '1:23',
    };
    const mail = await render('revision-request-received', base);
    expect(mail.subject).toBe('Revision round 2 requested: order 0b1e9d5c');
    expect(mail.text).toContain('revision round 2 of Sunset.wav (order 0b1e9d5c), at 1:23.');
    expect(mail.text).toContain('Less reverb');
    expect(mail.text).not.toContain('ready by');
    const dated = await render('revision-request-received', { ...base, readyBy: '2026-12-09T13:00:00.000Z' });
    expect(dated.text).toContain('Your revised master will be ready by 09 December 2026 at 15:00.');
  });
});
