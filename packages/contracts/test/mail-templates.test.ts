import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_TEMPLATES,
  isMailTemplateName,
  MAIL_TEMPLATES,
  mailParamsProblem,
  storedTypeOf,
  TEST_EMAIL_TEMPLATES,
} from '../src/index';

const order = {
  customerEmail: 'a@example.com',
  customerName: 'Thandi',
  orderId: '7d0f2c4e-0000-4000-8000-000000000001',
  trackTitle: 'Song.wav',
};

describe('the mail templates', () => {
  it('name every mail the test screen and the campaigns send, with every field the test screen asks for', () => {
    for (const [name, fields] of Object.entries(TEST_EMAIL_TEMPLATES)) {
      expect(isMailTemplateName(name), name).toBe(true);
      const declared = Object.keys(MAIL_TEMPLATES[name as keyof typeof TEST_EMAIL_TEMPLATES].params.shape);
      expect(declared, name).toEqual(expect.arrayContaining([...fields]));
    }
    for (const name of CAMPAIGN_TEMPLATES) expect(storedTypeOf(name)).toBe(name);
    expect(isMailTemplateName('order_confirmation')).toBe(false);
    expect(isMailTemplateName('toString')).toBe(false);
  });

  it('map a mail to the stored type that replaces its text, where it has one', () => {
    expect(storedTypeOf('upload-confirmation')).toBe('track_upload_confirmation');
    expect(storedTypeOf('mastering-started')).toBe('order_in_progress');
    expect(storedTypeOf('login-code')).toBeUndefined();
  });

  it('say which params are missing or blank and which are wrong, and ignore extra ones', () => {
    expect(
      mailParamsProblem('mastering-started', { ...order, estimatedCompletion: '2026-11-25T14:00:00.000Z', extra: 1 }),
    ).toBeNull();
    expect(mailParamsProblem('mastering-started', { ...order, customerName: '  ' })).toBe(
      'mastering-started needs customerName, estimatedCompletion',
    );
    expect(mailParamsProblem('mastering-started', { ...order, estimatedCompletion: 'tomorrow' })).toBe(
      'mastering-started needs a valid estimatedCompletion',
    );
    expect(mailParamsProblem('login-code', { code: '12345' })).toBe('login-code needs a valid code');
    expect(mailParamsProblem('order-confirmation', { orderId: order.orderId, amount: 'R649' })).toBeNull();
    expect(mailParamsProblem('order-confirmation', { orderId: order.orderId, amount: -1 })).toBe(
      'order-confirmation needs a valid amount',
    );
    expect(mailParamsProblem('custom', {})).toBe('custom needs subject, content');
    expect(mailParamsProblem('custom', null)).toBe('custom needs params');
  });
});
