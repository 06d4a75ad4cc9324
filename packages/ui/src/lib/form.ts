/** What a zod schema's safeParse answers (structurally, so ui needs no zod import of its own). */
interface SafeParser<T> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] } };
}

/** A form's values checked by a contracts schema: the parsed body, or the first message and one per field. */
export type FormCheck<T> =
  | { ok: true; data: T }
  | { ok: false; message: string; fieldErrors: Partial<Record<string, string>> };

/**
 * Checks a form with the same contracts schema the service validates with, so the browser shows
 * the spec's message before sending (the service still checks; this only saves a round trip).
 */
export function checkForm<T>(schema: SafeParser<T>, values: unknown): FormCheck<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: Partial<Record<string, string>> = {};
  for (const issue of result.error.issues) fieldErrors[String(issue.path[0] ?? '')] ??= issue.message;
  return { ok: false, message: result.error.issues[0]?.message ?? 'Invalid input', fieldErrors };
}
