import { AppError } from '../../errors.js';

/** Who is calling: the signed-in user of a valid session, with what the guards and services need of them. */
export type Actor = {
  sessionId: string;
  userId: string;
  companyId: string | null;
  companyName: string | null;
  firstName: string;
  lastName: string;
  emailAddress: string;
  mobile: string;
  role: string;
  isAdmin: boolean;
  isSuperAdmin: boolean;
};

/** Customer calls act on the caller's own company, never one named in the input; the provider has none. */
export function ownCompanyId(actor: Actor): string {
  if (!actor.companyId) throw new AppError('FORBIDDEN', 'Your account does not belong to a company.');
  return actor.companyId;
}
