// @vitest-environment jsdom
// The cards that keep their own section (useCardDraft): the draft is made from the loaded section, is the
// admin's while typed, and after a save is remade from what the server kept (not from what was typed).
import { Toaster } from '@mastering/ui';
import { fireEvent, renderWithProviders, screen, waitFor } from '@mastering/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReleaseSettingsCard } from '../src/pages/settings/release-settings';

const calls: { method: string; body?: unknown }[] = [];
// What the server keeps: the PUT's body, its price rounded to whole rand as a server might.
let kept = { releaseTrackPriceCents: 39900, coherenceToleranceLu: 1 };

beforeEach(() => {
  calls.length = 0;
  kept = { releaseTrackPriceCents: 39900, coherenceToleranceLu: 1 };
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, body });
    if (method === 'PUT')
      kept = { ...body, releaseTrackPriceCents: Math.round(body.releaseTrackPriceCents / 100) * 100 };
    return new Response(JSON.stringify(kept), { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const box = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);

describe('useCardDraft (the release settings card)', () => {
  it('starts from the loaded settings, saves what was typed and shows what the server kept', async () => {
    renderWithProviders(
      <>
        <ReleaseSettingsCard />
        <Toaster />
      </>,
    );
    await waitFor(() => expect(box(/price per release track/i).value).toBe('399'));
    expect(box(/coherence tolerance/i).value).toBe('1');

    fireEvent.change(box(/price per release track/i), { target: { value: '450.4' } });
    fireEvent.change(box(/coherence tolerance/i), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: /save release settings/i }));

    await waitFor(() => expect(box(/price per release track/i).value).toBe('450'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { releaseTrackPriceCents: 45040, coherenceToleranceLu: 2 },
    ]);
    expect(box(/coherence tolerance/i).value).toBe('2');
    expect(await screen.findByText('Release settings saved')).toBeTruthy();
  });
});
