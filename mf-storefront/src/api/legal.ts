import { LegalDocument, type LegalDocumentKind } from '@mastering/contracts';
import { apiJson } from '@mastering/ui/core';
import { useQuery } from '@tanstack/react-query';

/** Query keys of the legal pages; each key is also its URL. */
export const legalKeys = { one: (document: LegalDocumentKind) => [`/api/legal/${document}`] as const };

/** The terms, privacy or refund policy in force, rendered to safe HTML by the server. */
export function useLegalDocument(document: LegalDocumentKind) {
  return useQuery({
    queryKey: legalKeys.one(document),
    queryFn: () => apiJson('GET', legalKeys.one(document)[0], undefined, { schema: LegalDocument }),
  });
}
