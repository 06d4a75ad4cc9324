import { Delivery } from '@mastering/contracts';
import { apiJson } from '@mastering/ui/core';
import { useQuery } from '@tanstack/react-query';

/** Query keys of a delivery; each key is also its URL. */
export const deliveryKeys = { one: (token: string) => [`/api/downloads/order/${token}`] as const };

/** The masters behind a delivery link (no login: the token is the permission); 410 once it has expired. */
export function useDelivery(token: string) {
  return useQuery({
    queryKey: deliveryKeys.one(token),
    queryFn: () => apiJson('GET', deliveryKeys.one(token)[0], undefined, { schema: Delivery }),
  });
}
