import { z } from 'zod';

// POPIA s23/s24: a customer, signed in with an emailed login code, downloads what the studio holds
// about their address or asks for it to be deleted; staff complete deletion requests in Customers.

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
