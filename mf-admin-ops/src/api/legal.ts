import { AdminLegalDocument, LegalPreview, type LegalDocumentKind } from '@mastering/contracts';
import { apiJson } from '@mastering/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Query keys of Settings → Legal; each key is also its URL. */
export const legalKeys = {
  one: (document: LegalDocumentKind) => [`/api/admin/settings/legal/${document}`] as const,
  page: (document: LegalDocumentKind) => [`/api/legal/${document}`] as const,
};

/** A legal document's Markdown in force and its version history (admin only). */
export function useAdminLegalDocument(document: LegalDocumentKind) {
  return useQuery({
    queryKey: legalKeys.one(document),
    queryFn: () => apiJson('GET', legalKeys.one(document)[0], undefined, { schema: AdminLegalDocument }),
  });
}

/** Saves a new version; the cached document becomes the server's answer and the public page is read again. */
export function useSaveLegalDocument(document: LegalDocumentKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (markdown: string) =>
      apiJson('PUT', legalKeys.one(document)[0], { markdown }, { schema: AdminLegalDocument }),
    onSuccess: (saved) => {
      client.setQueryData(legalKeys.one(document), saved);
      void client.invalidateQueries({ queryKey: legalKeys.page(document) });
    },
  });
}

/** The Markdown as the public page would show it, rendered by the server (nothing saved). */
export function useLegalPreview(document: LegalDocumentKind) {
  return useMutation({
    mutationFn: (markdown: string) =>
      apiJson('POST', `${legalKeys.one(document)[0]}/preview`, { markdown }, { schema: LegalPreview }),
  });
}
