import { z } from 'zod';
import { listInput, rowFilter, type ListQuery } from './list.js';
import { emailAddress, requiredLine, singleLine } from './validation.js';

export const userOutput = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  company: z.string().nullable(),
  companyName: z.string().nullable(),
  role: z.string(),
  approved: z.boolean(),
  hasPassword: z.boolean(),
  /** Whether the user's two-factor sign-in is on (what a super-admin can reset). */
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});
export type UserDto = z.infer<typeof userOutput>;


/** The back office's user form; a user it creates has no password until a set-password link is used. */
export const adminUserFields = z.object({
  firstName: requiredLine('First name'),
  lastName: requiredLine('Last name'),
  emailAddress,
  company: z.string().trim().max(64, 'That company id is not valid.').nullish().transform((value) => value || null),
  role: singleLine(z.string().trim().max(50, 'Role must be at most 50 characters.'), 'Role').default('admin').transform((value) => value || 'admin'),
  approved: z.boolean().default(true),
});
export type AdminUserFields = z.output<typeof adminUserFields>;

/** How a list marks a user the provider has not approved yet (an invited colleague, a new sign-up). */
export const AWAITING_APPROVAL = 'Awaiting approval';

export const companyUserOutput = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  role: z.string(),
  /** false while the provider has not approved them (an invited colleague, until then unable to sign in) */
  approved: z.boolean(),
});
export type CompanyUserDto = z.infer<typeof companyUserOutput>;

/** A company admin's invitation of a colleague: who they are; the company is the admin's own. */
export const inviteColleagueInput = z.object({
  firstName: requiredLine('First name'),
  lastName: requiredLine('Last name'),
  emailAddress,
});
export type InviteColleagueInput = z.infer<typeof inviteColleagueInput>;

/** The roles the back office offers; the role stays free text, so others are kept as typed. */
export const SUGGESTED_ROLES = ['admin', 'member', 'superadmin'] as const;

/** The back office's user list: its sortable columns, newest user first by default; search matches name or email. */
export const USER_SORT_KEYS = ['createdAt', 'firstName', 'lastName', 'emailAddress', 'companyName', 'role', 'approved'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];
export const userListInput = listInput(USER_SORT_KEYS, { sort: 'createdAt', dir: 'desc' })
  .unwrap()
  .extend({
    awaitingApproval: z
      .boolean({ message: 'awaitingApproval must be true or false.' })
      .default(false)
      .describe('true keeps only the users not yet approved (sign-ups awaiting approval).'),
    id: rowFilter('user'),
  })
  .prefault({});
export type UserListQuery = ListQuery<UserSortKey> & { awaitingApproval?: boolean; id?: string };

/** A company admin's list of the company's users (name, email, role), by name by default. */
export const COMPANY_USER_SORT_KEYS = ['firstName', 'lastName', 'emailAddress', 'role'] as const satisfies readonly UserSortKey[];
export const companyUserListInput = listInput(COMPANY_USER_SORT_KEYS, { sort: 'firstName', dir: 'asc' });
export type CompanyUserListQuery = ListQuery<(typeof COMPANY_USER_SORT_KEYS)[number]>;
