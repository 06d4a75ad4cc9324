import { describe, expect, it } from 'vitest';
import { renderTemplate } from '../../src/mail/templates';

const data = {
  orderId: '4b0c2a1e-0000-4000-8000-000000000001',
  customerEmail: 'naledi@example.com',
  trackCount: 2,
  amount: 'R649',
  fileNames: '<b>one</b>.wav, two.wav',
  deliveryHours: 48,
  orderPageUrl: 'https://mastering.example.co.za/orders/4b0c2a1e-0000-4000-8000-000000000001?t=token',
};

describe('order mails', () => {
  it('confirms the order to the customer with the total, the files and the delivery promise', async () => {
    const { mail } = await renderTemplate(null, 'order-confirmation', data);
    expect(mail.subject).toBe('Order confirmed: 2 tracks (4b0c2a1e)');
    expect(mail.text).toContain('R649');
    expect(mail.text).toContain('within 48 hours');
    expect(mail.text).toContain(`View your order: ${data.orderPageUrl}`);
    // What the customer typed is escaped in the HTML part.
    expect(mail.html).toContain('&lt;b&gt;one&lt;/b&gt;.wav');
    expect(mail.html).not.toContain('<b>one</b>');
  });

  it('tells the admins about a new paid order', async () => {
    const { mail } = await renderTemplate(null, 'new-order', data);
    expect(mail.subject).toBe('New paid order 4b0c2a1e: 2 tracks, R649');
    expect(mail.text).toContain('naledi@example.com');
  });

  it('tells the admins about a payment that needs attention, and why', async () => {
    const reason = 'This is a second payment for an order that was already paid. Refund one of them.';
    const { mail } = await renderTemplate(
      null,
      'payment-needs-attention',
      { ...data, reason },
      'https://mastering.example.co.za',
    );
    expect(mail.subject).toBe('Payment needs attention: order 4b0c2a1e, R649');
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain('https://mastering.example.co.za/admin/payments');
    await expect(renderTemplate(null, 'payment-needs-attention', data)).rejects.toThrow('reason');
  });

  it('refuses to render an order mail without its order', async () => {
    await expect(renderTemplate(null, 'order-confirmation', { ...data, orderId: '' })).rejects.toThrow(
      'order-confirmation needs orderId',
    );
  });
});
