// @vitest-environment jsdom
// Issue 27 item 3: Backup Database shows that it is preparing, saves the server's file under its name,
// and says what failed (the server's own words) instead of saving anything.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Toaster } from '@mastering/ui';
import { BackupDatabaseButton } from '../src/pages/settings/backup-button';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let host: HTMLDivElement;
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
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:backup', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ download: this.download, href: this.href });
  });
});
afterEach(() => {
  act(() => root?.unmount());
  host.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function render() {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <QueryClientProvider client={createQueryClient()}>
        <BackupDatabaseButton />
        <Toaster />
      </QueryClientProvider>,
    ),
  );
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
};
const button = () => host.querySelector<HTMLButtonElement>('[data-testid="backup-database"]')!;

describe('BackupDatabaseButton', () => {
  it('says it is preparing while the server dumps, then saves the file under the name the server gives', async () => {
    await render();
    expect(button().textContent).toBe('Backup Database');
    await act(async () => button().click());
    expect(calls).toEqual([{ url: '/api/admin/settings/backup', method: 'POST' }]);
    expect(button().textContent).toBe('Preparing backup...');
    expect(button().disabled).toBe(true);
    expect(saved).toEqual([]);

    await act(async () =>
      answer(
        new Response(new Uint8Array([80, 71, 68, 77, 80]), {
          headers: { 'content-disposition': 'attachment; filename="mastering-2026-11-24.dump"' },
        }),
      ),
    );
    await settle();
    expect(saved).toEqual([{ download: 'mastering-2026-11-24.dump', href: 'blob:backup' }]);
    expect(button().textContent).toBe('Backup Database');
    expect(button().disabled).toBe(false);
    expect(document.body.textContent).toContain('Backup downloaded');
  });

  it("shows the server's reason when pg_dump is missing, and saves nothing", async () => {
    await render();
    await act(async () => button().click());
    const error = 'Backups need pg_dump 15 or newer; install postgresql-client';
    await act(async () => answer(new Response(JSON.stringify({ error }), { status: 503 })));
    await settle();
    expect(saved).toEqual([]);
    expect(document.body.textContent).toContain('Could not back up the database');
    expect(document.body.textContent).toContain(error);
    expect(button().disabled).toBe(false);
  });
});
