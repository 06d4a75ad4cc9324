import { describe, expect, it } from 'vitest';
import { JOBS, scheduleMail, sendMail, type Queue } from '../src/index';

/** A queue that records what is queued instead of writing job rows. */
function recordingQueue() {
  const queued: { name: string; data: unknown; when?: Date }[] = [];
  const job = { attrs: { _id: 'job-1' } };
  const queue = {
    now: async (name: string, data: unknown) => (queued.push({ name, data }), job),
    schedule: async (when: Date, name: string, data: unknown) => (queued.push({ name, data, when }), job),
  } as unknown as Queue;
  return { queue, queued };
}

const to = 'artist@example.com';
const orderId = '2f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
const order = { customerEmail: to, customerName: 'Thandi', orderId, trackTitle: 'Song.wav' };

// `npm run typecheck` compiles this file: each @ts-expect-error line must fail to compile, or the
// directive itself is an error. The calls never run (the function is only type-checked).
export async function mailThatDoesNotCompile(queue: Queue) {
  // @ts-expect-error A template no code sends (the stored type's spelling is not a mail name).
  await sendMail(queue, { template: 'order_confirmation', to, params: { orderId, amount: 'R649' } });
  // @ts-expect-error A missing param: the order confirmation needs its amount.
  await sendMail(queue, { template: 'order-confirmation', to, params: { orderId } });
  await sendMail(queue, {
    template: 'login-code',
    to,
    // @ts-expect-error A param the template does not know.
    params: { code: '123456', expiresInMinutes: 10, colour: 'red' },
  });
  // @ts-expect-error A param of the wrong type.
  await sendMail(queue, { template: 'login-code', to, params: { code: 123456 } });
  // @ts-expect-error A delivery mail without its link or a minted one.
  await sendMail(queue, { template: 'mastering-complete', to, params: order });
  await sendMail(queue, {
    template: 'login-code',
    to,
    params: { code: '123456' },
    // @ts-expect-error A download link for a mail that shows none.
    downloadLink: { orderId, expiresAt: new Date() },
  });
  // @ts-expect-error scheduleMail is typed the same way.
  await scheduleMail(queue, new Date(), { template: 'download-expiry-reminder', to, params: order });
}

describe('sendMail and scheduleMail', () => {
  it('queue the template with its params as the job data, transactional unless told', async () => {
    const { queue, queued } = recordingQueue();
    expect(
      await sendMail(queue, { template: 'login-code', to, params: { code: '123456', expiresInMinutes: 10 } }),
    ).toBe('job-1');
    expect(queued).toEqual([
      {
        name: JOBS.sendEmail,
        data: { to, template: 'login-code', data: { code: '123456', expiresInMinutes: 10 }, kind: 'transactional' },
      },
    ]);
  });

  it('let a delivery mail ask for its link to be minted at send time instead of carrying it', async () => {
    const { queue, queued } = recordingQueue();
    const expiresAt = new Date('2026-12-01T00:00:00Z');
    const when = new Date('2026-11-30T00:00:00Z');
    await scheduleMail(queue, when, {
      template: 'download-expiry-reminder',
      to,
      params: { ...order, expiryDate: expiresAt.toISOString() },
      orderId,
      downloadLink: { orderId, expiresAt },
    });
    expect(queued).toEqual([
      {
        name: JOBS.sendEmail,
        when,
        data: expect.objectContaining({
          template: 'download-expiry-reminder',
          orderId,
          downloadLink: { orderId, expiresAt },
        }),
      },
    ]);
  });
});
