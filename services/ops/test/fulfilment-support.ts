import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { OrderStatus, Role } from '@mastering/contracts';
import type { ObjectStorage } from '@mastering/storage';
import { identityAs, seededDueAt } from './support';

/** A staff member or customer stored in `users`, with the identity header the gateway would sign for them. */
export type Person = { id: string; email: string; headers: Record<string, string> };

/** Inserts a user with `role` and answers them with their signed identity header. */
export async function person(knex: Knex, role: Role, email: string): Promise<Person> {
  const [{ id }] = await knex('users')
    .insert({ email, role, isActive: true, firstName: role === 'customer' ? 'Thandi' : null })
    .returning('id');
  return { id, email, headers: await identityAs(role, id, email) };
}

/** The cast of a fulfilment test file, with addresses under `domain`: an admin, two engineers and a customer. */
export async function cast(knex: Knex, domain: string) {
  return {
    admin: await person(knex, 'admin', `boss@${domain}`),
    engineer: await person(knex, 'engineer', `sipho@${domain}`),
    otherEngineer: await person(knex, 'engineer', `lerato@${domain}`),
    customer: await person(knex, 'customer', `fan@${domain}`),
  };
}

/** Headers for JSON requests as `who` (or anonymous). */
export const json = (who?: Person) => ({ 'content-type': 'application/json', ...(who?.headers ?? {}) });

/** An order of one R1 track for `customerEmail`, to insert straight into `orders` (the list and total tests); `extra` sets other columns. */
export const orderRow = (customerEmail: string, status = 'payment_confirmed', extra: Record<string, unknown> = {}) => ({
  customerEmail,
  status,
  unitPriceCents: 100,
  trackCount: 1,
  subtotalCents: 100,
  totalCents: 100,
  dueAt: seededDueAt(status, extra.paidAt as Date | undefined),
  ...extra,
});

/**
 * Inserts an order with one file per name (each original stored in `storage` as a completed upload),
 * `status`, placed `hoursAgo` hours ago and paid then too when it is past payment.
 */
export async function seedOrder(
  knex: Knex,
  storage: ObjectStorage,
  {
    email,
    status = 'payment_confirmed',
    names = ['Track One.wav'],
    hoursAgo = 1,
    totalCents = 32_435,
    genre,
  }: { email: string; status?: OrderStatus; names?: string[]; hoursAgo?: number; totalCents?: number; genre?: string },
) {
  const at = new Date(Date.now() - hoursAgo * 3_600_000);
  const [order] = await knex('orders')
    .insert({
      customerEmail: email,
      status,
      unitPriceCents: totalCents,
      trackCount: names.length,
      subtotalCents: totalCents,
      totalCents,
      createdAt: at,
      paidAt: status === 'pending_payment' ? null : at,
      dueAt: seededDueAt(status, status === 'pending_payment' ? null : at),
    })
    .returning(['id']);
  const files: { id: string; uploadId: string; bytes: Buffer }[] = [];
  for (const name of names) {
    const uploadId = randomUUID();
    const bytes = Buffer.from(`original bytes of ${name} ${uploadId}`);
    await storage.put(`uploads/${uploadId}`, bytes, { contentType: 'audio/wav' });
    const [file] = await knex('order_files')
      .insert({
        orderId: order.id,
        originalName: name,
        fileName: name,
        fileSize: bytes.length,
        mimeType: 'audio/wav',
        originalFilePath: `/objects/${uploadId}`,
        uploadedAt: at,
        genre,
      })
      .returning(['id']);
    await knex('uploads').insert({
      id: uploadId,
      objectKey: `uploads/${uploadId}`,
      status: 'completed',
      guestKeyHash: 'a'.repeat(64),
      orderFileId: file.id,
      size: bytes.length,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    files.push({ id: file.id, uploadId, bytes });
  }
  return { id: order.id as string, files };
}

/**
 * Stands in for the storefront's upload server (tested in services/storefront): stores `bytes` as
 * the object of the upload behind `uploadURL` and marks the upload completed, as its PUT does.
 */
export async function completeUploadAt(knex: Knex, storage: ObjectStorage, uploadURL: string, bytes: Buffer) {
  const id = uploadURL.split('/').at(-1)!;
  await storage.put(`uploads/${id}`, bytes, { contentType: 'audio/wav' });
  await knex('uploads')
    .where({ id })
    .update({ status: 'completed', protocol: 'put', size: bytes.length, completedAt: new Date() });
  return { id, objectPath: `/objects/${id}` };
}
