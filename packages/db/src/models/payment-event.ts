import type { Knex } from 'knex';
import { fn, type RelationMappings } from 'objection';
import { BaseModel } from './base';
import { Payment } from './payment';

/** One received payment webhook, kept verbatim; its unique event id makes processing idempotent. */
export class PaymentEvent extends BaseModel {
  static tableName = 'payment_events';
  static jsonAttributes = ['payload'];

  declare id: string;
  declare eventId: string;
  declare type: string;
  declare payload: Record<string, unknown>;
  declare paymentId: string | null;
  declare receivedAt: Date;
  declare processedAt: Date | null;

  declare payment?: Payment | null;

  /** Logs a webhook delivery verbatim, once per event id: true when it is new, false for a redelivery (nothing written). */
  static async record(knex: Knex, event: { id: string; type: string }): Promise<boolean> {
    const fresh = await PaymentEvent.query(knex)
      .insert({ eventId: event.id, type: event.type, payload: event })
      .onConflict('eventId')
      .ignore()
      .returning('id');
    return (Array.isArray(fresh) ? fresh : [fresh]).some((row) => row?.id);
  }

  /** Links a logged event to the payment it was checked against. */
  static async linkPayment(knex: Knex, eventId: string, paymentId: string): Promise<void> {
    await PaymentEvent.query(knex).patch({ paymentId }).where('eventId', eventId);
  }

  /** Stamps a logged event as applied (database time, like its receivedAt). */
  static async markProcessed(knex: Knex, eventId: string): Promise<void> {
    await PaymentEvent.query(knex)
      .patch({ processedAt: fn.now() as unknown as Date })
      .where('eventId', eventId);
  }

  static get relationMappings(): RelationMappings {
    return {
      payment: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: Payment,
        join: { from: 'payment_events.paymentId', to: 'payments.id' },
      },
    };
  }
}
