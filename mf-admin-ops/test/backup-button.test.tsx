// @vitest-environment jsdom
// Issue 27 item 3: Backup Database shows that it is preparing, saves the server's file under its name,
// and says what failed (the server's own words) instead of saving anything.
import { Toaster } from '@mastering/ui';
import { act, fireEvent, renderWithProviders, screen, waitFor } from '@mastering/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackupDatabaseButton } from '../src/pages/settings/backup-button';

let answer: (res: Response) => void;
const calls: { url: string; method?: string }[] = [];
const saved: { download: string; href: string }[] = [];

beforeEach(() => {
  calls.length = 0;
  saved.length = 0;
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    calls.push({ url: String(url), method: init?.method });
    return new Promise<Response>((resolve) => {
      answer = resolve;
    });
  });
  // jsdom has no object URLs and does not navigate on a link's click: record what would be saved.
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:backup');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ download: this.download, href: this.href });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const render = () =>
  renderWithProviders(
    <>
      <BackupDatabaseButton />
      <Toaster />
    </>,
  );
const button = () => screen.getByTestId<HTMLButtonElement>('backup-database');

describe('BackupDatabaseButton', () => {
  it('says it is preparing while the server dumps, then saves the file under the name the server gives', async () => {
    render();
    expect(button().textContent).toBe('Backup Database');
    fireEvent.click(button());
    await waitFor(() => expect(button().textContent).toBe('Preparing backup...'));
    expect(calls).toEqual([{ url: '/api/admin/settings/backup', method: 'POST' }]);
    expect(button().disabled).toBe(true);
    expect(saved).toEqual([]);

    await act(async () =>
      answer(
        new Response(new Uint8Array([80, 71, 68, 77, 80]), {
          headers: { 'content-disposition': 'attachment; filename="mastering-2026-11-24.dump"' },
        }),
      ),
    );
    await waitFor(() => expect(saved).toEqual([{ download: 'mastering-2026-11-24.dump', href: 'blob:backup' }]));
    await waitFor(() => expect(button().textContent).toBe('Backup Database'));
    expect(button().disabled).toBe(false);
    expect(await screen.findByText('Backup downloaded', { exact: false })).toBeTruthy();
  });

  it("shows the server's reason when pg_dump is missing, and saves nothing", async () => {
    render();
    fireEvent.click(button());
    await waitFor(() => expect(calls).toHaveLength(1));
    const error = 'Backups need pg_dump 15 or newer; install postgresql-client';
    await act(async () => answer(new Response(JSON.stringify({ error }), { status: 503 })));
    await waitFor(() => expect(document.body.textContent).toContain('Could not back up the database'));
    expect(document.body.textContent).toContain(error);
    expect(saved).toEqual([]);
    expect(button().disabled).toBe(false);
  });
});
