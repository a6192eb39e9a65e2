import { toastDone } from '../../../lib/toast.js';

/** What every Approve (Activate and Send Email) says once done, on the Users list or the overview. */
export function toastApproved(user: { firstName: string; lastName: string; emailAddress: string }): void {
  toastDone(`${user.firstName} ${user.lastName} approved`, `An email telling them so went to ${user.emailAddress}.`);
}
