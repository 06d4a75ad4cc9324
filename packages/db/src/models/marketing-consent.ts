import { BaseModel } from './base';

/**
 * An address's marketing consent (POPIA s69 double opt-in): asked for at checkout (`requestedAt`, when
 * the confirmation mail was last queued), counted only once the address confirmed it (`confirmedAt`).
 * Stored lower-cased, one row per address.
 */
export class MarketingConsent extends BaseModel {
  static tableName = 'marketing_consents';
  static idColumn = 'email';

  declare email: string;
  declare requestedAt: Date;
  declare confirmedAt: Date | null;

  // The primary key is the lower-cased address, so normalise before any insert.
  $beforeInsert(): void {
    this.email = this.email.toLowerCase();
  }
}
