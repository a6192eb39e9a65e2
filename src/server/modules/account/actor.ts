import { AppError } from '../../errors.js';
import type { Actor } from './sessions.js';

/** Customer calls act on the caller's own company, never one named in the input; the provider has none. */
export function ownCompanyId(actor: Actor): string {
  if (!actor.companyId) throw new AppError('FORBIDDEN', 'Your account does not belong to a company.');
  return actor.companyId;
}
