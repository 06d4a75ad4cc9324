import {
  ClearedCaches,
  StoredSettings,
  SystemStatus,
  TestEmailQueued,
  type TestEmailStatus,
  type SaveSettingsBody,
} from '@mastering/contracts';
import { apiJson } from '@mastering/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Query keys of the settings; each key is also its URL. */
export const settingsKeys = {
  all: () => ['/api/admin/settings'] as const,
  systemStatus: () => ['/api/admin/settings/system-status'] as const,
  testEmail: (jobId: string) => [`/api/admin/settings/test-email/${encodeURIComponent(jobId)}`] as const,
};

/** The stored General and Pricing settings (admin only). */
export function useSettings() {
  return useQuery<StoredSettings>({ queryKey: settingsKeys.all() });
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
