import { describe, expect, it } from 'vitest';
import { renderTemplate } from '../../src/mail/templates';

// What ops sends when an order is delivered (services/ops/src/orders/mails.ts mailDelivery).
const data = {
  customerName: 'Thandi',
  customerEmail: 'thandi@example.com',
  orderId: '2f0c8d9e-1b2a-4c3d-8e9f-0a1b2c3d4e5f',
  trackTitle: '2 tracks',
  downloadUrl: 'https://site.example/download/abc',
  expiryDate: '2026-11-30T10:00:00.000Z',
  fileNames: ['Sunrise <Demo>.wav', 'Night.wav'],
};

describe('delivery mail templates (built-in versions, as ops sends them)', () => {
  it('mastering-complete links the download, escaping what the customer named', async () => {
    const { mail } = await renderTemplate(null, 'mastering-complete', data);
    expect(mail.text).toContain(data.downloadUrl);
    expect(mail.html).toContain(`href="${data.downloadUrl}"`);
    expect(mail.html).toContain('Thandi');
    expect(mail.html).not.toContain('<Demo>');
  });

  it('mastering-complete explains the measured loudness when ops sends it', async () => {
    const loudnessNote = 'Your master measures -9.1 LUFS: it plays 4.9 dB quieter on Spotify.';
    const { mail } = await renderTemplate(null, 'mastering-complete', { ...data, loudnessNote });
    expect(mail.text).toContain(loudnessNote);
    expect(mail.html).toContain('plays 4.9 dB quieter on Spotify');
  });

  it('download-expiry-reminder says when the link expires, in South African time; a missing link fails the job', async () => {
    const { mail } = await renderTemplate(null, 'download-expiry-reminder', data);
    expect(mail.subject).toBe('Your download link for 2 tracks expires soon');
    expect(mail.text).toContain('30 November 2026');
    expect(mail.text).toContain('12:00');
    await expect(renderTemplate(null, 'mastering-complete', { ...data, downloadUrl: '' })).rejects.toThrow(
      'mastering-complete needs downloadUrl',
    );
  });

  it('mastering-complete states how many days the files are kept (Settings -> Security retention)', async () => {
    const { mail } = await renderTemplate(null, 'mastering-complete', { ...data, retentionDays: 60 });
    expect(mail.text).toContain('We keep your files for 60 days after delivery');
  });
});
