import { z } from 'zod';

// API conventions: JSON is camelCase; ids are uuids; times are ISO 8601 strings; flags the spec's
// client reads as text ('true'/'false') stay strings at the API edge.

/** Every back-office API path starts here (besides user management, see ADMIN_API_PREFIXES). */
export const ADMIN_API_PREFIX = '/api/admin/';
/**
 * The back-office's API: the admin prefix and user management. Nothing under them is public, and they
 * are admins only unless a route row says staff (the engineers' orders and audio files).
 */
export const ADMIN_API_PREFIXES = [ADMIN_API_PREFIX, '/api/users'] as const;
/** True when `path` belongs to the back-office API (see ADMIN_API_PREFIXES). */
export const isAdminApiPath = (path: string) => ADMIN_API_PREFIXES.some((prefix) => path.startsWith(prefix));

/** `{ error, details? }`: every non-2xx JSON answer. */
export const ErrorBody = z.object({ error: z.string(), details: z.unknown().optional() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** `{ ok: true }`: the answer of calls whose result the spec does not show (deletes, logout, sends). */
export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;

/** A uuid route parameter `:id`. */
export const IdParam = z.object({ id: z.uuid('Not a valid id') });
export type IdParam = z.infer<typeof IdParam>;

/** A uuid route parameter `:userId` (customer profile reads). */
export const UserIdParam = z.object({ userId: z.uuid('Not a valid id') });
export type UserIdParam = z.infer<typeof UserIdParam>;

/** The spec's text booleans ('true' / 'false'). */
export const TextBoolean = z.enum(['true', 'false']);
export type TextBoolean = z.infer<typeof TextBoolean>;

/** Accepts a real boolean or its text form (multipart fields arrive as text) and yields the text form. */
export const TextBooleanInput = z.union([z.boolean(), TextBoolean]).transform((v) => String(v) as TextBoolean);

/** The list envelope for paths whose shape the spec leaves open: `{ items, count, offset, limit }`. */
export const ListEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    count: z.number().int().nonnegative(),
    offset: z.number().int().nonnegative(),
    limit: z.number().int().positive(),
  });

/** Paging query for envelope lists. */
export const PageQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** An ISO timestamp as sent over the wire. */
export const IsoDate = z.iso.datetime({ offset: true });

type WithoutDefaults<S extends z.core.$ZodShape> = {
  [K in keyof S]: S[K] extends z.ZodDefault<infer Inner> ? Inner : S[K];
};

/**
 * The edit form of a create schema: the same rules, every field optional and no defaults, so a
 * field left out keeps the stored value instead of being reset to its default.
 */
export function updateOf<S extends z.core.$ZodShape>(
  create: z.ZodObject<S>,
): z.ZodObject<{ [K in keyof S]: z.ZodOptional<WithoutDefaults<S>[K]> }> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(create.shape) as [string, z.ZodType][]) {
    shape[key] = (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field).optional();
  }
  return z.object(shape) as never;
}

/**
 * Treats a blank text value in `fields` (all fields by default) as left out, so an edit form that
 * sends every field (multipart) keeps the stored value where the admin left a field empty.
 */
export function blankKeeps<T extends z.ZodObject>(
  schema: T,
  fields: readonly (keyof T['shape'] & string)[] = Object.keys(schema.shape),
) {
  const keep = new Set<string>(fields);
  const isBlank = (key: string, value: unknown) => keep.has(key) && typeof value === 'string' && value.trim() === '';
  return z.preprocess(
    (input) =>
      input && typeof input === 'object'
        ? Object.fromEntries(Object.entries(input).filter(([k, v]) => !isBlank(k, v)))
        : input,
    schema,
  );
}
