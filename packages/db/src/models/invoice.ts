import type { Pojo, RelationMappings } from 'objection';
import type { InvoiceKind } from '@mastering/contracts';
import { BaseModel } from './base';

/** The seller as printed on a document, copied from Settings → General when it was issued. */
export type InvoiceSeller = {
  name: string;
  registrationNumber: string;
  vatNumber: string;
  vatVendor: boolean;
  physicalAddress: string;
  phone: string;
  email: string;
};
/** One line of a document: what, how many, the unit price and the line total (VAT included), in cents. */
export type InvoiceLine = { description: string; quantity: number; unitCents: number; totalCents: number };

/** An issued tax invoice, receipt or credit note (never changed once issued, except anonymised). */
export class Invoice extends BaseModel {
  static tableName = 'invoices';
  static jsonAttributes = ['seller', 'lines'];

  declare id: string;
  declare kind: InvoiceKind;
  declare number: string;
  declare orderId: string | null;
  declare creditFor: string | null;
  declare seller: InvoiceSeller;
  declare customerEmail: string | null;
  declare lines: InvoiceLine[];
  declare totalCents: number;
  declare vatCents: number;
  declare reason: string | null;
  /** The refund a credit note credits (null on invoices and receipts). */
  declare refundId: string | null;
  declare issuedAt: Date;

  /** The invoice a credit note credits, when fetched (`withGraphFetched('credited')`). */
  declare credited?: Invoice | null;

  static get relationMappings(): RelationMappings {
    return {
      credited: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: Invoice,
        join: { from: 'invoices.creditFor', to: 'invoices.id' },
      },
    };
  }

  // bigint columns come back as strings; invoice amounts are far below 2^53.
  $parseDatabaseJson(json: Pojo): Pojo {
    const parsed = super.$parseDatabaseJson(json);
    for (const key of ['totalCents', 'vatCents']) if (parsed[key] != null) parsed[key] = Number(parsed[key]);
    return parsed;
  }
}

/** The counter of one gapless series ('INV' or 'CN'): its last serial issued. */
export class InvoiceCounter extends BaseModel {
  static tableName = 'invoice_counters';
  static idColumn = 'series';

  declare series: 'INV' | 'CN';
  declare lastSerial: number;
}
