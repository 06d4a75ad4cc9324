import { z } from 'zod';

// POPIA s23/s24: a customer proves their address with an emailed code (a data-access code, which makes
// no account, or a signed-in session), downloads what the studio holds about it or asks for it to be
// deleted; staff complete deletion requests in Customers.

/** How long a proven address stays proven in this browser (the data-access cookie's life). */
export const DATA_ACCESS_MINUTES = 30;

/** GET /api/your-data/proof (and the verify answer): the address this browser proved, and how (null: none). */
export const DataAccessProof = z.object({
  email: z.string().nullable(),
  via: z.enum(['code', 'session']).nullable(),
});
export type DataAccessProof = z.infer<typeof DataAccessProof>;

/** What the data routes answer (401) before the address is proven. */
export const DATA_PROOF_NEEDED = `Prove the address first: ask for a code, then type it in. A proof works for ${DATA_ACCESS_MINUTES} minutes.`;
/** What downloading your data answers (429) past the downloads one address may make in an hour. */
export const TOO_MANY_DATA_DOWNLOADS =
  'Your data was downloaded several times in the last hour. Please wait a while and try again.';
/** What asking for a data-access code answers (the same whether or not the studio knows the address). */
export const DATA_CODE_SENT = 'If the address can receive mail, a code is on its way.';

/** GET /api/your-data: every row about the signed-in address, table by table (rows as stored). */
export const PersonalDataExport = z.looseObject({ email: z.string() });
export type PersonalDataExport = z.infer<typeof PersonalDataExport>;

/** What a deletion request answers (the same whether or not one was already waiting). */
export const DELETION_REQUESTED =
  'We have your deletion request. Our staff will delete your files and personal details within 30 days; tax invoices are kept for 5 years with your details removed.';
export const DeletionRequested = z.object({ message: z.string() });

/** One deletion request on the Customers screen. */
export const DeletionRequestRow = z.object({
  id: z.uuid(),
  email: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type DeletionRequestRow = z.infer<typeof DeletionRequestRow>;
/** GET /api/admin/deletion-requests: the open requests, oldest first. */
export const DeletionRequestList = z.array(DeletionRequestRow);

/**
 * POST /internal/erasure (each table owner, called by ops' erasure coordinator, never through the
 * gateway): the person as found once before any owner erased anything, who completes the request, when.
 */
export const OwnerErasure = z.object({
  person: z.object({
    email: z.string().min(1),
    orderIds: z.array(z.uuid()),
    fileIds: z.array(z.uuid()),
    userIds: z.array(z.uuid()),
    paymentIds: z.array(z.uuid()),
    testimonialIds: z.array(z.uuid()),
    guestKeys: z.array(z.string()),
  }),
  by: z.uuid().nullable(),
  at: z.coerce.date(),
});
export type OwnerErasure = z.infer<typeof OwnerErasure>;
/** What an owner answers once its tables hold nothing of the person (again, if asked again). */
export const OwnerErased = z.object({ owner: z.string(), tables: z.array(z.string()) });
export type OwnerErased = z.infer<typeof OwnerErased>;
