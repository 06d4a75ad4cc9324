import { z } from 'zod';
import { Role } from './enum-schemas';
import { User } from './users';
import { LOGIN_CODE_LENGTH } from './constants';
import { INVALID_EMAIL, INVALID_OR_EXPIRED_CODE, INVALID_OR_EXPIRED_LINK, NO_EMAIL } from './messages';

// Passwordless login: a 6-digit code emailed to the address, valid for 10 minutes. Emails are compared
// case-insensitively by the service.

/** POST /auth/request-code */
export const RequestCodeBody = z.object({ email: z.string().trim().min(1, NO_EMAIL).pipe(z.email(INVALID_EMAIL)) });
export type RequestCodeBody = z.infer<typeof RequestCodeBody>;

/** Its answer; the same whether or not the address belongs to a user (the spec shows no body). */
export const RequestCodeResponse = z.object({ message: z.string() });
export type RequestCodeResponse = z.infer<typeof RequestCodeResponse>;

/** POST /auth/verify-code: exactly six digits. */
export const VerifyCodeBody = z.object({
  email: z.string().trim().pipe(z.email(INVALID_EMAIL)),
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`), INVALID_OR_EXPIRED_CODE),
});
export type VerifyCodeBody = z.infer<typeof VerifyCodeBody>;

/**
 * POST /auth/verify-link (and /api/your-data/verify-link): the one-time token of the sign-in link a code
 * mail carries (256 random bits, base64url). The link puts it after `#`, so it never reaches a server log.
 */
export const VerifyLinkBody = z.object({
  token: z.string().regex(/^[\w-]{43}$/, INVALID_OR_EXPIRED_LINK),
});
export type VerifyLinkBody = z.infer<typeof VerifyLinkBody>;

/** Where a code mail's sign-in link opens, by the code's purpose; the token follows as `#link=<token>`. */
export const SIGN_IN_LINK_PATHS = { login: '/login', 'data-access': '/your-data' } as const;

/** The signed-in user as the site sees it: the same fields as a user anywhere else. */
export const SessionUser = User;
export type SessionUser = User;

/** GET /api/auth/me and the verify-code answer. */
export const MeResponse = z.object({ user: SessionUser.nullable() });
export type MeResponse = z.infer<typeof MeResponse>;

/** Who is calling, as the gateway signs it into the identity header. */
export const Identity = z.object({ userId: z.string(), email: z.string(), role: Role, sessionId: z.string() });
export type Identity = z.infer<typeof Identity>;
