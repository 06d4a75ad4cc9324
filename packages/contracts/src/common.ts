import { z } from 'zod';

// API conventions: JSON is camelCase; ids are uuids; times are ISO 8601 strings; flags the spec's
// client reads as text ('true'/'false') stay strings at the API edge.

/** `{ error, details? }`: every non-2xx JSON answer. */
export const ErrorBody = z.object({ error: z.string(), details: z.unknown().optional() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A uuid route parameter `:id`. */
export const IdParam = z.object({ id: z.uuid('Not a valid id') });
export type IdParam = z.infer<typeof IdParam>;

/** The spec's text booleans ('true' / 'false'). */
export const TextBoolean = z.enum(['true', 'false']);
export type TextBoolean = z.infer<typeof TextBoolean>;

/** Accepts a real boolean or its text form (multipart fields arrive as text) and yields the text form. */
export const TextBooleanInput = z.union([z.boolean(), TextBoolean]).transform((v) => String(v) as TextBoolean);

/** The list envelope for paths whose shape the spec leaves open: `{ items, count, offset, limit }`. */
export const ListEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), count: z.number().int().nonnegative(), offset: z.number().int().nonnegative(), limit: z.number().int().positive() });

/** Paging query for envelope lists. */
export const PageQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** An ISO timestamp as sent over the wire. */
export const IsoDate = z.iso.datetime({ offset: true });
