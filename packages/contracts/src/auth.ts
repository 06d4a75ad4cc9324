import { z } from 'zod';
import { Role } from './enums';
import { User } from './users';

/** POST /auth/request-code */
export const RequestCodeBody = z.object({ email: z.string().trim().min(1, 'Please enter your email address.').pipe(z.email('Invalid email address')) });
export type RequestCodeBody = z.infer<typeof RequestCodeBody>;

/** POST /auth/verify-code: exactly six digits. */
export const VerifyCodeBody = z.object({
  email: z.string().trim().pipe(z.email('Invalid email address')),
  code: z.string().regex(/^\d{6}$/, 'Invalid or expired code'),
});
export type VerifyCodeBody = z.infer<typeof VerifyCodeBody>;

/** The signed-in user as the site sees it: the same fields as a user anywhere else. */
export const SessionUser = User;
export type SessionUser = User;

/** GET /api/auth/me and the verify-code answer. */
export const MeResponse = z.object({ user: SessionUser.nullable() });
export type MeResponse = z.infer<typeof MeResponse>;

/** Who is calling, as the gateway signs it into the identity header. */
export const Identity = z.object({ userId: z.string(), email: z.string(), role: Role, sessionId: z.string() });
export type Identity = z.infer<typeof Identity>;
