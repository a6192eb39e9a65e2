import { notifications } from '@mantine/notifications';

/*
 * The one way a screen says that an action happened or failed: a toast in the corner, named
 * after what was done ("Payment saved", "Invoice INV-0042 deleted", "Reminder sent to Acme").
 * Dialogs keep their own error alert for a refusal the user can fix there.
 */

/** The close button is an icon: it needs a name for screen readers (axe: button-name). */
const closeButtonProps = { 'aria-label': 'Close notification' };

/** A save, delete or send went through. */
export function toastDone(title: string, message?: string): void {
  notifications.show({ color: 'green', title, message: message ?? '', autoClose: 4000, closeButtonProps });
}

/** An action failed where no dialog is open to show why (a row action, a bulk send). */
export function toastFailed(title: string, message: string): void {
  notifications.show({ color: 'red', title, message, autoClose: 8000, closeButtonProps });
}
