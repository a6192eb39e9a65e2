import { count, eq } from 'drizzle-orm';
import { MAX_USERS_PER_COMPANY, TOO_MANY_USERS } from '../../../shared/limits.js';
import { changedFields } from '../../../shared/events.js';
import type { CompanyUserDto, InviteColleagueInput } from '../../../shared/users.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { invitationToAccountHolderEmail } from '../../mail/templates.js';
import type { Actor } from '../account/actor.js';
import { addUserAwaitingApproval } from '../account/service.js';
import { recordEvent, type EventSource } from '../events/service.js';
import { deleteUser } from './admin.js';
import { userEvent } from './events.js';
import { providerOf } from '../settings/service.js';
import { findUserByEmail, getUser } from './lookup.js';

/** The role a company admin's invitation gives; the provider may change it when approving. */
export const INVITED_ROLE = 'member';

/**
 * A company admin invites a colleague into their own company. The colleague waits for the
 * provider's approval as a sign-up does, with the same notice to the provider; approval mails them
 * a set-password link, as they have no password yet.
 *
 * An address that already has an account, in any company or the provider's, is answered exactly as
 * a new one (the same status and shape, one email queued in the same transaction), so the answer
 * does not tell a company admin who uses the portal; nobody is added, and the address's owner is
 * told of the attempt instead (docs/product-rules.md#accounts).
 *
 * The invitation is recorded either way (user.invited, of the admin's company), about the user it
 * adds with their user.created, or about the account that already has the address.
 */
export function inviteColleague(deps: AppDeps, actor: Actor, source: EventSource, companyId: string, input: InviteColleagueInput): Promise<CompanyUserDto> {
  return deps.db.transaction(async (tx) => {
    const { companies, users } = tx.t;
    const [company] = await tx.select({ companyName: companies.companyName }).from(companies).where(eq(companies.id, companyId));
    if (!company) throw notFound('Company');
    const [counted] = await tx.select({ total: count() }).from(users).where(eq(users.companyId, companyId));
    const members = counted?.total ?? 0;
    if (members >= MAX_USERS_PER_COMPANY) throw new AppError('CONFLICT', TOO_MANY_USERS);
    const invitedBy = `${actor.firstName} ${actor.lastName}`;
    const invited = { firstName: input.firstName, lastName: input.lastName, emailAddress: input.emailAddress, role: INVITED_ROLE, approved: false };
    const invitation = changedFields(undefined, { ...invited, company: companyId }, ['firstName', 'lastName', 'emailAddress', 'company', 'role']);
    const owner = await findUserByEmail(tx, input.emailAddress);
    if (owner) {
      await tellOwnerOfInvitation(tx, deps, owner, { invitedBy, companyName: company.companyName, alreadyMember: owner.companyId === companyId });
      await recordEvent(tx, source, deps.clock.now(), userEvent('user.invited', { id: owner.id, companyId }, invitation));
      return { _id: newId(), ...invited };
    }
    const id = newId();
    await recordEvent(tx, source, deps.clock.now(), userEvent('user.invited', { id, companyId }, invitation));
    await addUserAwaitingApproval(tx, deps, source, { ...input, id, companyId, companyName: company.companyName, role: INVITED_ROLE, passwordHash: null, invitedBy });
    return { _id: id, ...invited };
  });
}

async function tellOwnerOfInvitation(tx: Tx, deps: AppDeps, owner: { firstName: string; emailAddress: string }, invitation: { invitedBy: string; companyName: string; alreadyMember: boolean }): Promise<void> {
  const provider = await providerOf(deps.config, tx);
  await deps.outbox.enqueue(tx, {
    to: [owner.emailAddress],
    ...invitationToAccountHolderEmail(provider, { ...owner, ...invitation, signInUrl: `${deps.config.appUrl}/signin` }),
  });
}

/**
 * A company admin removes a colleague of their own company, as the provider deletes a user (never
 * themselves; sessions and links go too), recorded as user.removed. Another company's user is not
 * found, not forbidden, so the answer does not tell whether the id exists.
 */
export async function removeColleague(deps: AppDeps, actor: Actor, source: EventSource, companyId: string, userId: string): Promise<void> {
  const user = await getUser(deps.db, userId);
  if (!user || user.companyId !== companyId) throw notFound('User');
  await deleteUser(deps, actor, source, userId, 'user.removed');
}
