import type { CustomEmailBody } from '@mastering/contracts';
import { apiJson } from '@mastering/ui';
import { useMutation } from '@tanstack/react-query';

type Queued = { success: true; message: string; jobId: string };

/** POST /api/admin/test-email: one transactional template with its typed fields. */
export const useSendTestEmail = () =>
  useMutation({
    mutationFn: (body: { template: string; params: Record<string, unknown> }) =>
      apiJson<Queued>('POST', '/api/admin/test-email', body),
  });

/** POST /api/admin/send-custom-email */
export const useSendCustomEmail = () =>
  useMutation({ mutationFn: (body: CustomEmailBody) => apiJson<Queued>('POST', '/api/admin/send-custom-email', body) });
