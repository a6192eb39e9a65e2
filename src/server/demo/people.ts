import type { z } from 'zod';
import { signUpInput } from '../../shared/account.js';
import { companyFields } from '../../shared/companies.js';
import { adminUserFields } from '../../shared/users.js';
import type { AppDeps } from '../deps.js';
import { issuePasswordLink } from '../modules/account/links.js';
import { resetPassword, signUp } from '../modules/account/service.js';
import { createCompany } from '../modules/companies/service.js';
import { createUserByAdmin } from '../modules/users/admin.js';
import type { EventSource } from '../modules/events/service.js';

/*
 * The demo's companies and people, made the way the app makes them: the provider's company form,
 * the back-office user form followed by the set-password link, and the public sign-up. Their
 * events name the demo's provider, or the person signing up, from no address (nobody's request).
 */

/** The services acting at another moment, so the demo's customers joined weeks ago. */
export function actingAt(deps: AppDeps, when: Date): AppDeps {
  return { ...deps, clock: { now: () => when } };
}

export async function demoCompany(deps: AppDeps, source: EventSource, fields: z.input<typeof companyFields>) {
  return createCompany(deps, source, companyFields.parse(fields));
}

/** A company user the provider adds, who then sets their password through the link they were sent. */
export async function demoUser(deps: AppDeps, source: EventSource, fields: z.input<typeof adminUserFields>, password: string) {
  const user = await createUserByAdmin(deps, source, adminUserFields.parse(fields));
  const link = await deps.db.transaction((tx) => issuePasswordLink(tx, deps, user._id, 'set-password'));
  await resetPassword(deps, { token: link.slice(link.lastIndexOf('/') + 1), newPassword: password }, null);
  return user;
}

/** A company that signed itself up and waits for the provider's approval. */
export async function demoSignUp(deps: AppDeps, fields: z.input<typeof signUpInput>) {
  await signUp(deps, signUpInput.parse(fields), null);
  return fields.emailAddress;
}
