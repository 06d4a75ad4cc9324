import { apiJson, throwIfResNotOk } from '@mastering/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** What a create or edit form sends: text fields (blank ones included, so an edit can clear them) and chosen files. */
export type FormValues = Record<string, string | number | boolean | File | null | undefined>;

/** A multipart body from form values: text as text, a chosen file as the file, nothing for an empty one. */
export function toFormData(values: FormValues): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    if (value instanceof File) body.append(name, value, value.name);
    else body.append(name, String(value));
  }
  return body;
}

/**
 * Sends a request with a multipart or JSON body through fetch with the session cookie (the shared
 * apiJson sends JSON only; the showcase and testimonial forms carry files), and returns the JSON
 * answer parsed by `schema`. A non-2xx answer throws the same ApiError as every other call.
 */
export async function sendContent<T>(
  method: string,
  url: string,
  body: FormData | object | undefined,
  schema: { parse(data: unknown): T },
): Promise<T> {
  const json = body !== undefined && !(body instanceof FormData);
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: json ? { 'Content-Type': 'application/json' } : undefined,
    body: json ? JSON.stringify(body) : body,
  });
  await throwIfResNotOk(res);
  const text = await res.text();
  return schema.parse(text ? JSON.parse(text) : undefined);
}

type Schema<T> = { parse(data: unknown): T };

/**
 * The query and mutations of one content collection (showcase tracks, testimonials): the admin list
 * at `adminUrl` (its key is its URL), and create / update / delete, each of which invalidates the
 * admin list and the public list the home page reads.
 */
export function contentResource<T extends { id: string }>({
  adminUrl,
  publicUrl,
  item,
  list,
}: {
  adminUrl: string;
  publicUrl: string;
  item: Schema<T>;
  list: Schema<T[]>;
}) {
  const keys = { list: () => [adminUrl] as const, public: () => [publicUrl] as const };
  // biome-ignore lint/correctness/noComponentHookFactories: the factory runs once per resource at module load, so each hook is created once, not per render
  const useInvalidate = () => {
    const client = useQueryClient();
    return () =>
      Promise.all([
        client.invalidateQueries({ queryKey: keys.list() }),
        client.invalidateQueries({ queryKey: keys.public() }),
      ]);
  };
  return {
    keys,
    /** The admin's list, hidden records included. */
    useList: () =>
      useQuery<T[]>({
        queryKey: keys.list(),
        queryFn: ({ signal }) => apiJson('GET', adminUrl, undefined, { schema: list, signal }),
      }),
    /** Creates a record from a multipart form. */
    useCreate: () => {
      const invalidate = useInvalidate();
      return useMutation({
        mutationFn: (values: FormValues) => sendContent('POST', adminUrl, toFormData(values), item),
        onSettled: invalidate,
      });
    },
    /** Changes a record: a multipart form (with files) or a JSON patch (a toggle, a new display order). */
    useUpdate: () => {
      const invalidate = useInvalidate();
      return useMutation({
        mutationFn: ({ id, values, files = true }: { id: string; values: FormValues; files?: boolean }) =>
          sendContent('PUT', `${adminUrl}/${id}`, files ? toFormData(values) : values, item),
        onSettled: invalidate,
      });
    },
    /** Deletes a record (the server removes its files). */
    useDelete: () => {
      const invalidate = useInvalidate();
      return useMutation({
        mutationFn: (id: string) => sendContent('DELETE', `${adminUrl}/${id}`, undefined, { parse: () => undefined }),
        onSettled: invalidate,
      });
    },
  };
}
