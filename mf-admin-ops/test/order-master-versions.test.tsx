// @vitest-environment jsdom
import { MASTER_MEASUREMENT_TEXTS, type AdminOrderDetail, type StaffMasterVersion } from '@mastering/contracts';
import { renderWithProviders, screen } from '@mastering/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderDialog } from '../src/pages/orders/order-dialog';

// Issue 25: the admin order dialog lists each file's master versions with their own loudness, and says
// when the customer replaced a file the analysis flagged.

const ORDER = '0b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e';
const FILE = '1b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e';
const OTHER = '2b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e';

const file = (id: string, originalName: string, replacedAt: string | null = null) => ({
  id,
  orderId: ORDER,
  originalName,
  fileName: originalName,
  fileSize: 1_000_000,
  mimeType: 'audio/wav',
  masteringStyle: 'Modern' as const,
  tone: 'WARM' as const,
  loudness: 'HIGH' as const,
  volumeMatch: 'false' as const,
  processingStatus: 'completed' as const,
  processingNotes: null,
  processedAt: null,
  uploadedAt: '2026-11-20T08:00:00.000Z',
  masteredFilePath: '/objects/3b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e',
  replacedAt,
});
const version = (fileId: string, n: number, over: Partial<StaffMasterVersion>): StaffMasterVersion => ({
  fileId,
  version: n,
  createdAt: `2026-11-2${n}T10:00:00.000Z`,
  integratedLufs: null,
  truePeakDbtp: null,
  measurement: 'measured',
  ...over,
});
const detail: AdminOrderDetail = {
  order: {
    id: ORDER,
    customerEmail: 'artist@example.com',
    status: 'revision_requested',
    subtotal: 998,
    discount: 349,
    total: 649,
    trackCount: 2,
    discountPercent: 35,
    createdAt: '2026-11-20T08:00:00.000Z',
    files: [file(FILE, 'Sunset.wav', '2026-11-20T12:00:00.000Z'), file(OTHER, 'Dawn.wav')],
    paidAt: '2026-11-20T08:01:00.000Z',
    dueAt: null,
    deadline: null,
    assignedTo: null,
    assignedToEmail: null,
    fileCount: 2,
  },
  history: [],
  revisions: [],
  masters: [
    version(FILE, 1, { integratedLufs: -9.44, truePeakDbtp: -0.2 }),
    version(FILE, 2, { measurement: 'measuring' }),
    version(OTHER, 1, { measurement: 'not_measured' }),
  ],
};

beforeEach(() => {
  // Only the refund requests are fetched: the order and the signed-in engineer are in the cache.
  vi.stubGlobal(
    'fetch',
    async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function render() {
  return renderWithProviders(<OrderDialog orderId={ORDER} onClose={() => {}} />, {
    queryData: [
      [[`/api/admin/orders/${ORDER}`], detail],
      [['/api/auth/me'], { user: { id: '4b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e', email: 'e@x.test', role: 'engineer' } }],
    ],
  });
}

describe('the order dialog’s master versions', () => {
  it('shows each file’s versions, v1 first, with LUFS and true peak or why there are none', async () => {
    render();
    // The dialog renders in a portal: its lists are found through the screen.
    await screen.findAllByTestId('order-file');
    const lists = screen.getAllByTestId('order-master-versions');
    expect(lists).toHaveLength(2);
    const rows = (list: Element) =>
      [...list.querySelectorAll('[data-testid="order-master-version"]')].map((row) => [
        row.querySelector('.font-medium')!.textContent,
        row.querySelector('[data-testid="order-master-loudness"]')!.textContent,
      ]);
    // Files are in the order's order: Sunset first, then Dawn.
    expect(rows(lists[0]!)).toEqual([
      ['Master v1', '-9.4 LUFS · -0.2 dBTP true peak'],
      ['Master v2', MASTER_MEASUREMENT_TEXTS.measuring],
    ]);
    expect(rows(lists[1]!)).toEqual([['Master v1', MASTER_MEASUREMENT_TEXTS.not_measured]]);
  });

  it('says which file the customer replaced, and when', async () => {
    render();
    const [sunset, dawn] = await screen.findAllByTestId('order-file');
    expect(sunset!.querySelector('[data-testid="order-file-replaced"]')!.textContent).toMatch(
      /^The customer replaced this file /,
    );
    expect(dawn!.querySelector('[data-testid="order-file-replaced"]')).toBeNull();
  });
});
