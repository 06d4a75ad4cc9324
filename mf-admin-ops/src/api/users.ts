import {
  AudioFileList,
  CustomerOrders,
  User,
  UserList,
  type CreateUserBody,
  type MeResponse,
  type UpdateUserBody,
} from '@mastering/contracts';
import { apiJson, getQueryFn } from '@mastering/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Query keys of the users screen and the customer profile; each key is also its URL. */
export const userKeys = {
  list: () => ['/api/users'] as const,
  detail: (id: string) => [`/api/users/${id}`] as const,
  orders: (id: string) => [`/api/orders/customer/${id}`] as const,
  files: (id: string) => [`/api/audio-files/customer/${id}`] as const,
};

/** Every user. */
export function useUsers() {
  return useQuery({
    queryKey: userKeys.list(),
    queryFn: () => apiJson('GET', userKeys.list()[0], undefined, { schema: UserList }),
  });
}

/** One user (the profile page). */
export function useUser(id: string) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: () => apiJson('GET', userKeys.detail(id)[0], undefined, { schema: User }),
    enabled: !!id,
  });
}

/** A user's orders and the files of those orders (the profile page). */
export function useUserOrders(id: string) {
  return useQuery({
    queryKey: userKeys.orders(id),
    queryFn: () => apiJson('GET', userKeys.orders(id)[0], undefined, { schema: CustomerOrders }),
    enabled: !!id,
  });
}
/** The audio files of a user's orders (the profile page). */
export function useUserFiles(id: string) {
  return useQuery({
    queryKey: userKeys.files(id),
    queryFn: () => apiJson('GET', userKeys.files(id)[0], undefined, { schema: AudioFileList }),
    enabled: !!id,
  });
}

/** Create, edit and delete; each refetches the list and drops the edited user's cached copy. */
export function useUserMutations() {
  const client = useQueryClient();
  const settle = (id?: string) => {
    void client.invalidateQueries({ queryKey: userKeys.list() });
    if (id) void client.invalidateQueries({ queryKey: userKeys.detail(id) });
  };
  return {
    create: useMutation({
      mutationFn: (body: CreateUserBody) => apiJson('POST', '/api/users', body, { schema: User }),
      onSuccess: () => settle(),
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UpdateUserBody }) =>
        apiJson('PUT', `/api/users/${id}`, body, { schema: User }),
      onSuccess: (u) => settle(u.id),
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiJson('DELETE', `/api/users/${id}`),
      onSuccess: (_a, id) => settle(id),
    }),
  };
}

/** The signed-in user, from the session query the shell already holds (same key, one shared cache). */
export function useCurrentUser() {
  const query = useQuery({
    queryKey: ['/api/auth/me'],
    queryFn: getQueryFn<MeResponse | null>({ on401: 'returnNull' }),
  });
  return query.data?.user ?? null;
}
