// What the two full-stack mail tests share (links-survive-restart, no-token-at-rest): a mastered order
// seeded as staff leave it, then delivered and a campaign sent through the services, so the customer's
// inbox holds a delivery mail and a marketing mail with their links.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { expect } from 'vitest';
import { IDENTITY_HEADER, signIdentity } from '@mastering/service-kit';

/** The order's money and size, one R324,35 track (an order as the storefront would price it). */
export const ONE_TRACK_ORDER = {
  unitPriceCents: 32_435,
  trackCount: 1,
  subtotalCents: 32_435,
  totalCents: 32_435,
};

/** Inserts a paid, mastered one-track order for `customerEmail`; answers its id and the stack admin's id. */
export async function seedMasteredOrder(knex: Knex, adminEmail: string, customerEmail: string) {
  const [{ id: adminId }] = await knex('users').where({ email: adminEmail }).select('id');
  const [{ id: orderId }] = await knex('orders')
    .insert({ ...ONE_TRACK_ORDER, customerEmail, status: 'mastered', paidAt: new Date() })
    .returning('id');
  await knex('order_files').insert({
    orderId,
    originalName: 'Song.wav',
    fileName: 'Song.wav',
    fileSize: 4,
    mimeType: 'audio/wav',
    originalFilePath: `/objects/${randomUUID()}`,
    masteredFilePath: `/objects/${randomUUID()}`,
    uploadedAt: new Date(),
  });
  return { orderId: orderId as string, adminId: adminId as string };
}

/**
 * As the stack's admin (the identity the gateway would sign, straight to the services): delivers the
 * order (the delivery mail) and sends `recipient` a promotion (the marketing mail with unsubscribe and
 * tracking links).
 */
export async function deliverAndPromote(o: {
  ports: { ops: number; email: number };
  secret: string;
  admin: { id: string; email: string };
  orderId: string;
  recipient: string;
  sessionId: string;
}) {
  const headers = {
    [IDENTITY_HEADER]: await signIdentity(
      { userId: o.admin.id, email: o.admin.email, role: 'admin', sessionId: o.sessionId },
      o.secret,
    ),
    'content-type': 'application/json',
  };
  const delivered = await fetch(`http://127.0.0.1:${o.ports.ops}/api/admin/orders/${o.orderId}/status`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ status: 'delivered' }),
  });
  expect(delivered.status, await delivered.clone().text()).toBe(200);
  const campaign = await fetch(`http://127.0.0.1:${o.ports.email}/api/admin/send-marketing-campaign`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      subject: 'New masters',
      content: 'Master a track with us.',
      template: 'promotion',
      recipientType: 'custom',
      customRecipients: o.recipient,
    }),
  });
  expect(campaign.status).toBeLessThan(300);
}
