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
import { findUserByEmail } from './lookup.js';

const superAdminInput = z.object({
  emailAddress,
  password: newPassword,
  firstName: z.string().trim().min(1).max(200).optional(),
  lastName: z.string().trim().min(1).max(200).optional(),
});

/**
 * The bootstrap of the provider's account, used by `npm run create-superadmin`: creates it, or
 * turns the user with that email into an approved super-admin with the new password.
 */
export async function upsertSuperAdmin(
  db: Db,
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
      await tx
        .update(users)
        .set({
          passwordHash,
          role: 'superadmin',
          approved: true,
          companyId: null,
          firstName: fields.firstName ?? existing.firstName,
          lastName: fields.lastName ?? existing.lastName,
        })
        .where(eq(users.id, existing.id));
      await invalidateUserSessions(tx, existing.id);
      await revokeUserLinks(tx, existing.id, now);
      return { created: false, emailAddress: existing.emailAddress };
    }
    await tx.insert(users).values({
      id: newId(),
      companyId: null,
      firstName: fields.firstName ?? 'Super',
      lastName: fields.lastName ?? 'Admin',
      emailAddress: fields.emailAddress,
      role: 'superadmin',
      approved: true,
      passwordHash,
      createdAt: now,
    });
    return { created: true, emailAddress: fields.emailAddress };
  });
}
