// @vitest-environment jsdom
// The dashboard asks an admin to confirm the studio's identity (issue 50 Deliver 7) until one switches on
// "Identity confirmed" in Settings → General and saves; engineers, who cannot, are not asked.
import {
  DEFAULT_EMAIL_SETTINGS,
  DEFAULT_GENERAL_SETTINGS,
  DEFAULT_SECURITY_SETTINGS,
  type Role,
  STUDIO_IDENTITY_TEXTS,
  type StoredSettings,
} from '@mastering/contracts';
import { fireEvent, renderWithProviders, screen, waitFor } from '@mastering/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsKeys } from '../src/api/settings';
import DashboardPage from '../src/pages/dashboard/dashboard';
import { StudioIdentityPrompt } from '../src/pages/dashboard/studio-identity-prompt';
import SettingsPage from '../src/pages/settings/settings';

const { smtpPassword: _password, ...publicEmail } = DEFAULT_EMAIL_SETTINGS;
/** A site that never saved its General section: the defaults, unconfirmed. */
const fresh: StoredSettings = {
  general: DEFAULT_GENERAL_SETTINGS,
  pricing: { basePrice: 499, launchDiscount: 35, maxFileSize: 500, launchEndsOn: '' },
  security: { ...DEFAULT_SECURITY_SETTINGS },
  email: { ...publicEmail, smtpPasswordSet: false },
  revisions: { freeRevisions: 2, revisionWindowDays: 30, revisionHours: 48 },
  updatedAt: null,
  updatedBy: null,
  recentChanges: [],
};
const me = (role: Role) => ({
  user: {
    id: '0c6a2f0e-6f0a-4f51-9a4e-6f3f1c2d3e4f',
    email: `${role}@studio.example`,
    firstName: null,
    lastName: null,
    role,
    isActive: 'true',
    createdAt: '2026-11-01T00:00:00.000Z',
  },
});

const saves: { general: Record<string, unknown> }[] = [];
beforeEach(() => {
  saves.length = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (String(url).endsWith('/api/admin/settings') && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      saves.push(body);
      return new Response(JSON.stringify({ ...fresh, general: body.general }), { status: 200 });
    }
    return new Promise<Response>(() => undefined);
  });
});
afterEach(() => vi.unstubAllGlobals());

const prompt = () => screen.queryByTestId('studio-identity-prompt');

describe('the studio identity prompt', () => {
  it('asks an admin until the identity is confirmed in Settings, then goes', async () => {
    renderWithProviders(
      <>
        <StudioIdentityPrompt />
        <SettingsPage />
      </>,
      {
        queryData: [
          [['/api/auth/me'], me('admin')],
          [settingsKeys.all(), fresh],
        ],
      },
    );
    expect(prompt()?.textContent).toContain(STUDIO_IDENTITY_TEXTS.promptTitle);
    // The identity starts as the spec's footer says.
    expect((screen.getByTestId('settings-physicalAddress') as HTMLInputElement).value).toBe(
      'Johannesburg, South Africa',
    );

    fireEvent.click(screen.getByTestId('settings-identity-confirmed'));
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].general).toMatchObject({ studioIdentityConfirmed: true });
    await waitFor(() => expect(prompt()).toBeNull());
  });

  it('is on the dashboard', () => {
    renderWithProviders(<DashboardPage />, {
      queryData: [
        [['/api/auth/me'], me('admin')],
        [settingsKeys.all(), fresh],
      ],
    });
    expect(prompt()?.querySelector('a')?.getAttribute('href')).toBe('/admin/settings');
  });

  it('stays away once confirmed, and never asks an engineer', () => {
    const confirmed = { ...fresh, general: { ...fresh.general, studioIdentityConfirmed: true } };
    const { unmount } = renderWithProviders(<StudioIdentityPrompt />, {
      queryData: [
        [['/api/auth/me'], me('admin')],
        [settingsKeys.all(), confirmed],
      ],
    });
    expect(prompt()).toBeNull();
    unmount();

    renderWithProviders(<StudioIdentityPrompt />, {
      queryData: [
        [['/api/auth/me'], me('engineer')],
        [settingsKeys.all(), fresh],
      ],
    });
    expect(prompt()).toBeNull();
  });
});
