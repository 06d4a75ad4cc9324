import { describe, expect, it } from 'vitest';
import { RATING_ANCHOR } from '@mastering/contracts';
import { renderTemplate } from '../../src/mail/templates';

// Issue 27 item 8: the delivery mail and the "Feedback request" a few days later link the order page's rating form.
const orderPageUrl = 'https://site.example/orders/2f0c8d9e-1b2a-4c3d-8e9f-0a1b2c3d4e5f?t=signed';
const order = { customerEmail: 'thandi@example.com', orderId: '2f0c8d9e-1b2a-4c3d-8e9f-0a1b2c3d4e5f' };
const rateLink = `${orderPageUrl}#${RATING_ANCHOR}`;

describe('mails asking for a rating', () => {
  it('feedback-request links the rating form of the order page', async () => {
    const { mail } = await renderTemplate(null, 'feedback-request', { ...order, customerName: 'Thandi', orderPageUrl });
    expect(mail.subject).toBe('How does your master sound?');
    expect(mail.html).toContain(`href="${rateLink}"`);
    expect(mail.text).toContain(`Rate your master: ${rateLink}`);
    expect(mail.text).toContain('2f0c8d9e');
  });

  it('mastering-complete invites a rating when the mail has the order page', async () => {
    const data = {
      ...order,
      customerName: 'Thandi',
      trackTitle: 'Sunrise',
      downloadUrl: 'https://site.example/download/abc',
    };
    const withPage = await renderTemplate(null, 'mastering-complete', { ...data, orderPageUrl });
    expect(withPage.mail.html).toContain(`href="${rateLink}"`);
    expect(withPage.mail.text).toContain('Rate your master from 1 to 5 stars');
    const without = await renderTemplate(null, 'mastering-complete', data);
    expect(without.mail.text).not.toContain('Rate your master');
  });
});
