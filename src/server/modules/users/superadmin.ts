import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { emailAddress, newPassword } from '../../../shared/validation.js';
import { validationMessage } from '../../validation.js';
import type { Db } from '../../db.js';
import { AppError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { revokeUserLinks } from '../account/links.js';
import { invalidateUserSessions } from '../account/sessions.js';
import { recordEvents, type EventSource } from '../events/service.js';
import { userChangeEvents, userEvent } from './events.js';
import { findUserByEmail } from './lookup.js';

const superAdminInput = z.object({
  emailAddress,
  password: newPassword,
  firstName: z.string().trim().min(1).max(200).optional(),
  lastName: z.string().trim().min(1).max(200).optional(),
});

/**
 * The bootstrap of the provider's account, used by `npm run create-superadmin` and the demo seed:
 * creates it (user.created), or turns the user with that email into an approved super-admin with
 * the new password (user.updated for the fields that changed, and always
 * user.password_set_by_operator, as the password is set anew). `source` is who ran it.
 */
export async function upsertSuperAdmin(
  db: Db,
  source: EventSource,
  input: z.input<typeof superAdminInput>,
  now = new Date(),
): Promise<{ created: boolean; emailAddress: string }> {
  const parsed = superAdminInput.safeParse(input);
  if (!parsed.success) throw new AppError('BAD_REQUEST', validationMessage(parsed.error));
  const { password, ...fields } = parsed.data;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const { users } = tx.t;
    const existing = await findUserByEmail(tx, fields.emailAddress);
    if (existing) {
      const [updated] = await tx
        .update(users)
        .set({
          passwordHash,
          role: 'superadmin',
          approved: true,
          companyId: null,
          firstName: fields.firstName ?? existing.firstName,
          lastName: fields.lastName ?? existing.lastName,
        })
        .where(eq(users.id, existing.id))
        .returning();
      await invalidateUserSessions(tx, existing.id);
      await revokeUserLinks(tx, existing.id, now);
      await recordEvents(tx, source, now, [...userChangeEvents('user.updated', existing, updated), userEvent('user.password_set_by_operator', updated!)]);
      return { created: false, emailAddress: existing.emailAddress };
    }
    const [created] = await tx
      .insert(users)
      .values({
        id: newId(),
        companyId: null,
        firstName: fields.firstName ?? 'Super',
        lastName: fields.lastName ?? 'Admin',
        emailAddress: fields.emailAddress,
        role: 'superadmin',
        approved: true,
        passwordHash,
        createdAt: now,
      })
      .returning();
    await recordEvents(tx, source, now, userChangeEvents('user.created', undefined, created));
    return { created: true, emailAddress: fields.emailAddress };
  });
}
