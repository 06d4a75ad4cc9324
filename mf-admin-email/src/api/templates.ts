import type { EmailTemplate, RenderedEmail, TemplateBody, TemplatePreviewBody } from '@mastering/contracts';
import { apiJson } from '@mastering/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Query keys of email templates; each key is also its URL. */
export const templateKeys = { list: () => ['/api/admin/email-templates'] as const };

/** Every stored template (plain array). */
export const useTemplates = () => useQuery<EmailTemplate[]>({ queryKey: templateKeys.list() });

/** Mutations that change templates refresh the list (a caller's onSuccess never replaces that). */
function useTemplateMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.list() }) });
}

/** POST /api/admin/init-system-templates */
export const useInitSystemTemplates = () =>
  useTemplateMutation(() =>
    apiJson<{ created: number; total: number }>('POST', '/api/admin/init-system-templates', {}),
  );
/** POST /api/admin/email-templates */
export const useCreateTemplate = () =>
  useTemplateMutation((body: TemplateBody) => apiJson<EmailTemplate>('POST', '/api/admin/email-templates', body));
/** PUT /api/admin/email-templates/:id */
export const useUpdateTemplate = () =>
  useTemplateMutation(({ id, body }: { id: string; body: TemplateBody }) =>
    apiJson<EmailTemplate>('PUT', `/api/admin/email-templates/${id}`, body),
  );
/** DELETE /api/admin/email-templates/:id */
export const useDeleteTemplate = () =>
  useTemplateMutation((id: string) => apiJson('DELETE', `/api/admin/email-templates/${id}`));
/** POST /api/admin/email-templates/:id/reset (system templates) */
export const useResetTemplate = () =>
  useTemplateMutation((id: string) => apiJson<EmailTemplate>('POST', `/api/admin/email-templates/${id}/reset`, {}));

/**
 * The rendered preview of template fields with sample values, fetched again when the fields change
 * (the caller debounces them); the last rendering stays on screen while the next one loads.
 */
export const usePreview = (body: TemplatePreviewBody | null) =>
  useQuery<RenderedEmail>({
    queryKey: ['/api/admin/email-templates/preview', body],
    queryFn: ({ signal }) => apiJson<RenderedEmail>('POST', '/api/admin/email-templates/preview', body, { signal }),
    enabled: body !== null,
    placeholderData: (previous) => previous,
  });
