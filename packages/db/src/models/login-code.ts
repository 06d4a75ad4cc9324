import type { Modifiers, QueryBuilder } from 'objection';
import { BaseModel } from './base';

/** What a code proves the address for: signing in, or only reading and deleting its data (no account made). */
export const CODE_PURPOSES = ['login', 'data-access'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/**
 * A 6-digit code sent by email, stored as a hash, valid once and for a short time. It is compared only
 * for the browser that asked for it (`browserHash`, the hash of that browser's cookie nonce); the same
 * mail's one-time sign-in link (`linkHash`) works from anywhere.
 */
export class LoginCode extends BaseModel {
  static tableName = 'login_codes';

  declare id: string;
  declare email: string;
  declare codeHash: string;
  declare expiresAt: Date;
  declare attempts: number;
  declare consumedAt: Date | null;
  declare requestedIp: string | null;
  declare purpose: CodePurpose;
  declare browserHash: string | null;
  declare linkHash: string | null;
  declare createdAt: Date;

  static get modifiers(): Modifiers<QueryBuilder<LoginCode>> {
    return {
      /** Codes that can still be tried: not used up and not expired. */
      usable: (builder) => builder.whereNull('login_codes.consumedAt').where('login_codes.expiresAt', '>', new Date()),
    };
  }
}
