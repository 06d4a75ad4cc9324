import {
  ClearedCaches,
  StoredSettings,
  SystemStatus,
  TestEmailQueued,
  type TestEmailStatus,
  type SaveSettingsBody,
} from '@mastering/contracts';
import { apiJson, apiRequest } from '@mastering/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Query keys of the settings; each key is also its URL. */
export const settingsKeys = {
  all: () => ['/api/admin/settings'] as const,
  systemStatus: () => ['/api/admin/settings/system-status'] as const,
  testEmail: (jobId: string) => [`/api/admin/settings/test-email/${encodeURIComponent(jobId)}`] as const,
};

/** The stored settings (admin only: `enabled: false` for anyone else, who would get a 403). */
export function useSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<StoredSettings>({ queryKey: settingsKeys.all(), enabled });
}

/** Saves both sections; the cached settings become the server's answer. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSettingsBody) => apiJson('PUT', '/api/admin/settings', body, { schema: StoredSettings }),
    onSuccess: (saved) => client.setQueryData(settingsKeys.all(), saved),
  });
}

/** Sends a test mail to the signed-in admin's own address (the SMTP test button). */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: () => apiJson('POST', '/api/admin/settings/test-email', {}, { schema: TestEmailQueued }),
  });
}

/**
 * Where the test mail of `jobId` is (null: no test sent yet). Asked again every half second until the
 * SMTP server has accepted or refused it.
 */
export function useTestEmailStatus(jobId: string | null) {
  return useQuery<TestEmailStatus>({
    queryKey: settingsKeys.testEmail(jobId ?? ''),
    enabled: jobId !== null,
    refetchInterval: (query) =>
      query.state.data?.state === 'sent' || query.state.data?.state === 'failed' ? false : 500,
  });
}

/** Settings → System Status: the live checks, asked again on every visit and by Check again. */
export function useSystemStatus() {
  return useQuery({
    queryKey: settingsKeys.systemStatus(),
    queryFn: () => apiJson('GET', settingsKeys.systemStatus()[0], undefined, { schema: SystemStatus }),
    staleTime: 0,
  });
}

/** Clear Cache: empties the server's counter caches and answers which ones. */
export function useClearCache() {
  return useMutation({
    mutationFn: () => apiJson('POST', '/api/admin/settings/clear-cache', {}, { schema: ClearedCaches }),
  });
}

/** The file name a download's Content-Disposition gives, or `fallback`. */
const attachmentName = (res: Response, fallback: string) =>
  /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

/**
 * Backup Database: asks the server for a pg_dump archive of the database, reports the bytes received
 * so far to `onProgress`, then hands the file to the browser under the server's name.
 */
export async function downloadBackup(
  onProgress: (bytes: number) => void,
): Promise<{ fileName: string; bytes: number }> {
  const res = await apiRequest('POST', '/api/admin/settings/backup');
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  if (res.body) {
    const reader = res.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      chunks.push(part.value);
      bytes += part.value.byteLength;
      onProgress(bytes);
    }
  }
  const fileName = attachmentName(res, 'mastering.dump');
  saveFile(new Blob(chunks, { type: 'application/octet-stream' }), fileName);
  return { fileName, bytes };
}

/** Offers `blob` to the browser as a download named `fileName`. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the browser has the file by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Backup Database as a mutation; `onProgress` gets the bytes received while the archive streams in. */
export function useBackupDatabase(onProgress: (bytes: number) => void) {
  return useMutation({ mutationFn: () => downloadBackup(onProgress) });
}
