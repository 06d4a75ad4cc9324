import { describe, expect, it } from 'vitest';
import {
  CampaignForm,
  CreateOrderBody,
  CreateUserBody,
  CustomEmailBody,
  ShowcaseTrackForm,
  TestEmailBody,
  TestimonialForm,
  VerifyCodeBody,
  isApprovedRedirect,
  PaymentsQuery,
  TEST_EMAIL_TEMPLATES,
} from '../src/index';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('orders', () => {
  const file = {
    originalName: 'My Song.wav',
    fileName: 'My_Song.wav',
    fileSize: 1000,
    originalFilePath: '/objects/abc',
  };
  const pricing = { subtotal: 499, discount: 175, total: 324, trackCount: 1, discountPercent: 35 };
  it('fills the spec defaults of each file', () => {
    const body = CreateOrderBody.parse({ customerEmail: 'a@b.co', files: [file], pricing, termsAccepted: true });
    expect(body.files[0]).toMatchObject({
      mimeType: 'audio/mpeg',
      masteringStyle: 'Custom',
      tone: 'BALANCED',
      loudness: 'LOW',
      volumeMatch: 'false',
    });
  });
  it('uses the spec messages for no files and no email', () => {
    expect(firstMessage(CreateOrderBody.safeParse({ customerEmail: 'a@b.co', files: [], pricing }))).toBe(
      'Please upload at least one audio file.',
    );
    expect(firstMessage(CreateOrderBody.safeParse({ customerEmail: '', files: [file], pricing }))).toBe(
      'Please enter your email address.',
    );
  });
  it('rejects options outside the spec', () => {
    expect(
      CreateOrderBody.safeParse({ customerEmail: 'a@b.co', files: [{ ...file, tone: 'LOUD' }], pricing }).success,
    ).toBe(false);
  });
});

describe('login', () => {
  it('needs exactly six digits', () => {
    expect(VerifyCodeBody.safeParse({ email: 'a@b.co', code: '12345' }).success).toBe(false);
    expect(VerifyCodeBody.safeParse({ email: 'a@b.co', code: '12345a' }).success).toBe(false);
    expect(VerifyCodeBody.safeParse({ email: 'a@b.co', code: '123456' }).success).toBe(true);
  });
});

describe('payments', () => {
  it('follows only approved provider prefixes', () => {
    expect(isApprovedRedirect('https://payments.yoco.com/checkout/abc')).toBe(true);
    expect(isApprovedRedirect('https://pay.yoco.com/r/abc')).toBe(true);
    expect(isApprovedRedirect('https://evil.example.com/https://pay.yoco.com/')).toBe(false);
    expect(isApprovedRedirect('')).toBe(false);
    expect(isApprovedRedirect('http://localhost:4010/checkout/1', ['http://localhost:4010/checkout/'])).toBe(true);
  });
  it('accepts only the four date ranges, 30 by default', () => {
    expect(PaymentsQuery.parse({})).toEqual({ status: 'all', days: 30 });
    expect(PaymentsQuery.parse({ days: '90', status: 'failed' })).toEqual({ status: 'failed', days: 90 });
    expect(PaymentsQuery.safeParse({ days: '31' }).success).toBe(false);
  });
});

describe('back-office forms', () => {
  it('showcase: spec messages, Electronic by default, non-numeric order becomes 0', () => {
    expect(
      firstMessage(
        ShowcaseTrackForm.safeParse({ title: '', artist: 'a', beforeDescription: 'b', afterDescription: 'c' }),
      ),
    ).toBe('Title is required');
    expect(
      firstMessage(
        ShowcaseTrackForm.safeParse({ title: 't', artist: '', beforeDescription: 'b', afterDescription: 'c' }),
      ),
    ).toBe('Artist is required');
    const ok = ShowcaseTrackForm.parse({
      title: 't',
      artist: 'a',
      beforeDescription: 'b',
      afterDescription: 'c',
      displayOrder: 'abc',
      isActive: 'false',
    });
    expect(ok).toMatchObject({ genre: 'Electronic', displayOrder: 0, isActive: 'false' });
    expect(
      ShowcaseTrackForm.safeParse({
        title: 't',
        artist: 'a',
        genre: 'Polka',
        beforeDescription: 'b',
        afterDescription: 'c',
      }).success,
    ).toBe(false);
  });
  it('testimonial: rating 1-5 default 5, email valid or empty', () => {
    const base = { name: 'N', role: 'R', content: 'C' };
    expect(TestimonialForm.parse(base)).toMatchObject({ rating: 5, isActive: 'true', isVerified: 'false' });
    expect(TestimonialForm.parse({ ...base, email: '' }).email).toBeNull();
    expect(TestimonialForm.parse(base).email).toBeUndefined();
    expect(TestimonialForm.safeParse({ ...base, email: 'nope' }).success).toBe(false);
    expect(TestimonialForm.safeParse({ ...base, rating: '6' }).success).toBe(false);
    expect(firstMessage(TestimonialForm.safeParse({ ...base, content: ' ' }))).toBe('Testimonial content is required');
  });
  it('campaign: subject required and at most 100 characters', () => {
    const base = { content: 'x', template: 'newsletter', recipientType: 'all' };
    expect(firstMessage(CampaignForm.safeParse({ ...base, subject: '' }))).toBe('Subject is required');
    expect(firstMessage(CampaignForm.safeParse({ ...base, subject: 'x'.repeat(101) }))).toBe('Subject too long');
    expect(firstMessage(CampaignForm.safeParse({ ...base, subject: 's', content: '' }))).toBe('Content is required');
  });
  it('user: spec messages and defaults', () => {
    expect(firstMessage(CreateUserBody.safeParse({ email: 'x', firstName: 'a', lastName: 'b' }))).toBe(
      'Invalid email address',
    );
    expect(firstMessage(CreateUserBody.safeParse({ email: 'a@b.co', firstName: '', lastName: 'b' }))).toBe(
      'First name is required',
    );
    expect(CreateUserBody.parse({ email: 'a@b.co', firstName: 'a', lastName: 'b' })).toMatchObject({
      role: 'customer',
      isActive: 'true',
    });
  });
  it('custom email: all three fields', () => {
    expect(firstMessage(CustomEmailBody.safeParse({ to: '', subject: 's', content: 'c' }))).toBe(
      'Please fill in all email fields',
    );
  });
});

describe('test email', () => {
  it('needs a template', () => {
    expect(firstMessage(TestEmailBody.safeParse({ params: {} }))).toBe('Please select an email template');
  });
  it('lists the missing fields of the chosen template', () => {
    expect(firstMessage(TestEmailBody.safeParse({ template: 'admin-new-order', params: { orderId: '1' } }))).toBe(
      'Please fill in: customerEmail, trackTitle, amount',
    );
  });
  it('types the fields: decimal amount, integer count, names split on commas, ISO dates', () => {
    const upload = TestEmailBody.parse({
      template: 'upload-confirmation',
      params: { customerEmail: 'a@b.co', customerName: 'A', orderId: '1', fileCount: '2', fileNames: 'a.wav, b.wav' },
    });
    expect(upload.params).toMatchObject({ fileCount: 2, fileNames: ['a.wav', 'b.wav'] });
    const started = TestEmailBody.parse({
      template: 'mastering-started',
      params: {
        customerEmail: 'a@b.co',
        customerName: 'A',
        orderId: '1',
        trackTitle: 'T',
        estimatedCompletion: '2026-11-24T10:00:00Z',
      },
    });
    expect(started.params.estimatedCompletion).toBe('2026-11-24T10:00:00.000Z');
    const paid = TestEmailBody.parse({
      template: 'admin-new-order',
      params: { orderId: '1', customerEmail: 'a@b.co', trackTitle: 'T', amount: '324.50' },
    });
    expect(paid.params.amount).toBe(324.5);
  });
});

describe('test email, every template', () => {
  const values: Record<string, string> = {
    customerEmail: 'thandi@example.co.za',
    customerName: 'Thandi',
    orderId: 'ORD-1',
    trackTitle: 'Sunrise',
    amount: '324.5',
    downloadUrl: 'https://example.co.za/d/1',
    paymentMethod: 'Card',
    transactionId: 'tx_1',
    fileCount: '2',
    fileNames: 'a.wav,b.wav',
    reason: 'Declined',
    estimatedCompletion: '2026-11-24T10:00:00Z',
    expiryDate: '2026-12-01',
  };
  it.each(Object.entries(TEST_EMAIL_TEMPLATES))(
    '%s accepts its complete fields and names each missing one',
    (template, fields) => {
      const params = Object.fromEntries(fields.map((f) => [f, values[f]]));
      expect(TestEmailBody.safeParse({ template, params }).success).toBe(true);
      const first = fields[0];
      expect(firstMessage(TestEmailBody.safeParse({ template, params: { ...params, [first]: ' ' } }))).toBe(
        `Please fill in: ${first}`,
      );
    },
  );
  it('refuses values of the wrong kind', () => {
    const base = { customerEmail: 'a@b.co', customerName: 'A', orderId: '1' };
    expect(
      TestEmailBody.safeParse({
        template: 'upload-confirmation',
        params: { ...base, fileCount: '2.5', fileNames: 'a' },
      }).success,
    ).toBe(false);
    expect(
      TestEmailBody.safeParse({ template: 'order-confirmation', params: { ...base, trackTitle: 'T', amount: 'lots' } })
        .success,
    ).toBe(false);
    expect(
      TestEmailBody.safeParse({
        template: 'download-expiry-reminder',
        params: { ...base, trackTitle: 'T', expiryDate: 'soon', downloadUrl: 'https://x.co/d' },
      }).success,
    ).toBe(false);
    expect(firstMessage(TestEmailBody.safeParse({ template: 'no-such-template', params: {} }))).toBe(
      'Please select an email template',
    );
  });
});

describe('upload paths and types', () => {
  it('accepts audio and unknown types, or a named audio file, and nothing else', async () => {
    const { isUploadContentType } = await import('../src/uploads');
    expect(isUploadContentType('audio/wav')).toBe(true);
    expect(isUploadContentType('application/octet-stream')).toBe(true);
    expect(isUploadContentType('text/plain')).toBe(false);
    expect(isUploadContentType(undefined)).toBe(false);
    expect(isUploadContentType('', 'mix.AIFF')).toBe(true);
    expect(isUploadContentType('text/plain', 'notes.txt')).toBe(false);
  });
});
