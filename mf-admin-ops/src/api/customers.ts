import {
  CustomerPage,
  type CustomerStats,
  CustomerSummary,
  MessageQueued,
  type CustomersQuery,
  type SendMessageBody,
} from '@mastering/contracts';
import { apiJson } from '@mastering/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** The list's query string: only what differs from the server's defaults, so equal queries share a key. */
export function customersSearch(q: Partial<CustomersQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q))
    if (value !== undefined && value !== '' && value !== 'all') params.set(key, String(value));
  return params.toString();
}

/** Query keys of the customers screen; each key is also its URL. */
export const customerKeys = {
  all: () => ['/api/admin/customers'] as const,
  page: (q: Partial<CustomersQuery>) => [`/api/admin/customers?${customersSearch(q)}`] as const,
  stats: () => ['/api/admin/customers/stats'] as const,
  detail: (email: string) => [`/api/admin/customers/${encodeURIComponent(email)}`] as const,
  exportUrl: (q: Partial<CustomersQuery>) =>
    `/api/admin/customers/export?${customersSearch({ ...q, offset: undefined, limit: undefined })}`,
};

/** One page of customers (search, status filter and sort on the server); the previous page stays while the next loads. */
export function useCustomerPage(q: CustomersQuery & { offset: number; limit: number }) {
  return useQuery({
    queryKey: customerKeys.page(q),
    queryFn: () => apiJson('GET', customerKeys.page(q)[0], undefined, { schema: CustomerPage }),
    placeholderData: keepPreviousData,
  });
}

/** The five customer cards. */
export function useCustomerStats() {
  return useQuery<CustomerStats>({ queryKey: customerKeys.stats() });
}

/** One customer with their order history (only while `email` is set). */
export function useCustomer(email: string | null) {
  return useQuery({
    queryKey: customerKeys.detail(email ?? ''),
    queryFn: () => apiJson('GET', customerKeys.detail(email!)[0], undefined, { schema: CustomerSummary }),
    enabled: !!email,
  });
}

/** Sends a customer a message through the mail pipeline. */
export function useSendCustomerMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ email, body }: { email: string; body: SendMessageBody }) =>
      apiJson('POST', `${customerKeys.detail(email)[0]}/message`, body, { schema: MessageQueued }),
    onSuccess: (_answer, { email }) => client.invalidateQueries({ queryKey: customerKeys.detail(email) }),
  });
}
