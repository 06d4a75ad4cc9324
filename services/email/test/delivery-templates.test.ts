import { describe, expect, it } from 'vitest';
import { renderTemplate } from '../src/mail/templates';

const data = {
  customerName: 'Thandi',
  customerEmail: 'thandi@example.com',
  orderId: '2f0c8d9e-1b2a-4c3d-8e9f-0a1b2c3d4e5f',
  trackTitle: '2 tracks',
  downloadUrl: 'https://site.example/download/abc.def',
  expiryDate: 'Nov 30, 2026 at 12:00',
  fileNames: ['Sunrise <Demo>.wav', 'Night.wav'],
};

describe('delivery mail templates (built in until the stored templates land)', () => {
  it('mastering-complete names the tracks, links the download and says until when, escaping HTML', () => {
    const { mail } = renderTemplate('mastering-complete', data);
    expect(mail.subject).toBe('Your master is ready: 2 tracks');
    expect(mail.text).toContain('Sunrise <Demo>.wav, Night.wav');
    expect(mail.text).toContain(data.downloadUrl);
    expect(mail.html).toContain('Sunrise &lt;Demo&gt;.wav');
    expect(mail.html).toContain(`href="${data.downloadUrl}"`);
    expect(mail.html).toContain('Nov 30, 2026 at 12:00');
  });

  it('download-expiry-reminder says the link expires soon; a missing link fails the job', () => {
    expect(renderTemplate('download-expiry-reminder', data).mail.subject).toBe('Your download link expires soon: 2 tracks');
    expect(() => renderTemplate('mastering-complete', { ...data, downloadUrl: '' })).toThrow('delivery mail needs downloadUrl');
  });
});
