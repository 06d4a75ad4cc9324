import type { Knex } from 'knex';
import { User } from '@mastering/db';

/**
 * The addresses of staff mail about an order: every active admin, ADMIN_EMAIL, and the order's
 * engineer when one is assigned (`engineerId`), each once, in lower case.
 */
export async function staffRecipients(
  knex: Knex,
  adminEmail: string | undefined,
  engineerId: string | null = null,
): Promise<Set<string>> {
  const admins = await User.query(knex).modify('active').modify('withRole', 'admin').select('email');
  const engineer = engineerId
    ? await User.query(knex).findById(engineerId).modify('active').select('email')
    : undefined;
  return new Set(
    [...admins.map((a) => a.email), ...(adminEmail ? [adminEmail] : []), ...(engineer ? [engineer.email] : [])].map(
      (email) => email.toLowerCase(),
    ),
  );
}
