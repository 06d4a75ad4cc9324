import { BaseModel } from './base';

/** An address that opted out of marketing email; stored lower-cased. */
export class Unsubscribe extends BaseModel {
  static tableName = 'unsubscribes';
  static idColumn = 'email';

  declare email: string;
  declare reason: string | null;
  declare createdAt: Date;

  // The primary key is the lower-cased address, so normalise before any insert.
  $beforeInsert(): void {
    this.email = this.email.toLowerCase();
  }
}
