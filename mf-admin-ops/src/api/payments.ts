import { PaymentDetail, PaymentSummary, type PaymentsQuery } from '@mastering/contracts';
import { apiJson } from '@mastering/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** Query keys of the payments screen; each key is also its URL. */
export const paymentKeys = {
  summary: ({ status, days, q }: PaymentsQuery) =>
    [`/api/admin/payments?${new URLSearchParams({ status, days: String(days), ...(q ? { q } : {}) })}`] as const,
  detail: (id: string) => [`/api/admin/payments/${id}`] as const,
};

/** The cards, counts and recent payments for a range, status and search. */
export function usePayments(query: PaymentsQuery) {
  return useQuery({
    queryKey: paymentKeys.summary(query),
    queryFn: () => apiJson('GET', paymentKeys.summary(query)[0], undefined, { schema: PaymentSummary }),
    placeholderData: keepPreviousData,
  });
}

/** One payment with its webhook events (only while `id` is set). */
export function usePayment(id: string | null) {
  return useQuery({
    queryKey: paymentKeys.detail(id ?? ''),
    queryFn: () => apiJson('GET', paymentKeys.detail(id!)[0], undefined, { schema: PaymentDetail }),
    enabled: !!id,
  });
}
