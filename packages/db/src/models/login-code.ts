import type { Modifiers, QueryBuilder } from 'objection';
import { BaseModel } from './base';

/** A 6-digit login code sent by email, stored as a hash, valid once and for a short time. */
export class LoginCode extends BaseModel {
  static tableName = 'login_codes';

  declare id: string;
  declare email: string;
  declare codeHash: string;
  declare expiresAt: Date;
  declare attempts: number;
  declare consumedAt: Date | null;
  declare requestedIp: string | null;
  declare createdAt: Date;

  static get modifiers(): Modifiers<QueryBuilder<LoginCode>> {
    return {
      /** Codes that can still be tried: not used up and not expired. */
      usable: (builder) => builder.whereNull('login_codes.consumedAt').where('login_codes.expiresAt', '>', new Date()),
    };
  }
}
