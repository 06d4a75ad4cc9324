// @vitest-environment jsdom
// The Settings screen as an admin uses it: the stored values in each section, the save's checks
// (the contracts' messages, nothing sent), and the body a valid save sends (numbers, no blank password).
import {
  DEFAULT_EMAIL_SETTINGS,
  DEFAULT_GENERAL_SETTINGS,
  DEFAULT_SECURITY_SETTINGS,
  type StoredSettings,
} from '@mastering/contracts';
import { fireEvent, renderWithProviders, screen, waitFor } from '@mastering/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsKeys } from '../src/api/settings';
import SettingsPage from '../src/pages/settings/settings';

const { smtpPassword: _password, ...publicEmail } = DEFAULT_EMAIL_SETTINGS;
const stored: StoredSettings = {
  general: { ...DEFAULT_GENERAL_SETTINGS, siteName: 'Kasi Mastering' },
  pricing: { basePrice: 499, launchDiscount: 30, maxFileSize: 500, launchEndsOn: '' },
  security: { ...DEFAULT_SECURITY_SETTINGS },
  email: { ...publicEmail, smtpPasswordSet: false },
  revisions: { freeRevisions: 2, revisionWindowDays: 30, revisionHours: 48 },
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: 'admin@example.com',
  recentChanges: [{ changedAt: '2026-11-20T10:00:00.000Z', changedBy: 'admin@example.com', sections: ['pricing'] }],
};

const saves: unknown[] = [];
beforeEach(() => {
  saves.length = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (String(url).endsWith('/api/admin/settings') && init?.method === 'PUT') {
      saves.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(stored), { status: 200 });
    }
    // System Status and Legal load on their own; they are not what this file checks.
    return new Promise<Response>(() => undefined);
  });
});
afterEach(() => vi.unstubAllGlobals());

const render = () => renderWithProviders(<SettingsPage />, { queryData: [[settingsKeys.all(), stored]] });
const box = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(box(testId), { target: { value } });

describe('Settings screen', () => {
  it('shows the stored values of every section, who saved last and the recent saves', () => {
    render();
    expect(box('settings-site-name').value).toBe('Kasi Mastering');
    expect(box('settings-base-price').value).toBe('499');
    expect(box('settings-free-revisions').value).toBe('2');
    expect(box('settings-session-timeout').value).toBe(String(DEFAULT_SECURITY_SETTINGS.sessionTimeout));
    expect(box('settings-uploadFilesPerVisitor').value).toBe(String(DEFAULT_SECURITY_SETTINGS.uploadFilesPerVisitor));
    expect(box('settings-smtp-port').value).toBe('587');
    expect(box('settings-smtp-password').placeholder).toBe('Not set');
    expect(screen.getByTestId('settings-saved-by').textContent).toContain('by admin@example.com');
    expect(screen.getByTestId('settings-changes').textContent).toContain('pricing');
    expect(screen.getByTestId('settings-price-preview').textContent).toMatch(/^Customers pay R/);
  });

  it('names each wrong field with the contracts message and sends nothing', async () => {
    render();
    type('settings-discount', '150');
    type('settings-smtp-port', '0');
    expect(screen.getByTestId('settings-price-preview').textContent).toBe(
      'Enter valid figures to see the price customers pay.',
    );
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(screen.getByTestId('launchDiscount-error').textContent).toBe('Launch discount must be 0 to 100');
    expect(screen.getByTestId('smtpPort-error').textContent).toBe('SMTP port must be 1 to 65535');
    expect(box('settings-discount').getAttribute('aria-invalid')).toBe('true');
    expect(saves).toEqual([]);
  });

  it('saves every section with numbers as numbers, keeping the stored password when the box is blank', async () => {
    render();
    type('settings-base-price', '599');
    type('settings-revision-window', '14');
    type('settings-audio-retention-days', '30');
    type('settings-retention-refunded', '14');
    type('settings-retention-cancelled', '7');
    type('settings-retention-expired', '2');
    fireEvent.click(screen.getByTestId('settings-maintenance'));
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(saves).toHaveLength(1));
    const [body] = saves as Record<string, Record<string, unknown>>[];
    expect(body.general).toMatchObject({ siteName: 'Kasi Mastering', maintenanceMode: true });
    expect(body.pricing).toEqual({ basePrice: 599, launchDiscount: 30, maxFileSize: 500, launchEndsOn: '' });
    expect(body.revisions).toEqual({ freeRevisions: 2, revisionWindowDays: 14, revisionHours: 48 });
    expect(body.security).toMatchObject({
      audioRetentionDays: 30,
      refundedRetentionDays: 14,
      cancelledRetentionDays: 7,
      expiredRetentionDays: 2,
      sessionTimeout: DEFAULT_SECURITY_SETTINGS.sessionTimeout,
    });
    expect(body.email).toMatchObject({ smtpPort: 587 });
    expect(body.email).not.toHaveProperty('smtpPassword');
  });

  it('offers the plaintext exemption only for a typed host, and names that host', () => {
    render();
    // headlessui marks a disabled switch with the disabled attribute.
    expect(box('settings-smtp-plaintext').disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('SMTP host'), { target: { value: 'smtp.example.com' } });
    fireEvent.click(screen.getByTestId('settings-smtp-plaintext'));
    expect(screen.getByTestId('settings-smtp-plaintext').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText(/smtp\.example\.com/, { selector: 'p' })).toBeTruthy();
  });
});
