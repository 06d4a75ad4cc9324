import { z } from 'zod';
import { Role } from './enum-schemas';
import { TextBoolean, TextBooleanInput, updateOf } from './common';
import { FIRST_NAME_REQUIRED, INVALID_EMAIL, LAST_NAME_REQUIRED } from './messages';

// Users carry isActive as the text 'true' / 'false' at the API edge, as the spec's client reads it.

/** A user as GET /api/users (plain array) and GET /api/users/:id answer it. */
export const User = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: Role,
  isActive: TextBoolean,
  profileImageUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof User>;
export const UserList = z.array(User);

/** POST /api/users */
export const CreateUserBody = z.object({
  email: z.string().trim().pipe(z.email(INVALID_EMAIL)),
  firstName: z.string().trim().min(1, FIRST_NAME_REQUIRED).max(100),
  lastName: z.string().trim().min(1, LAST_NAME_REQUIRED).max(100),
  role: Role.default('customer'),
  isActive: TextBooleanInput.default('true'),
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;

/** PUT /api/users/:id: the same rules, every field optional; a field left out (role too) keeps its value. */
export const UpdateUserBody = updateOf(CreateUserBody);
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

// Server answers about users (not spec texts: the spec shows the server's message inside its toast).
export const USER_EMAIL_TAKEN = 'A user with this email already exists';
export const USER_NOT_FOUND = 'User not found';
export const CANNOT_DELETE_SELF = 'You cannot delete your own account';
export const CANNOT_DEMOTE_SELF = 'You cannot remove your own administrator role';
export const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate your own account';
