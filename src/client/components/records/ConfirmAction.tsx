import { ConfirmDialog, type ConfirmDialogProps } from './FormDialog.js';
import { failureText } from './failureText.js';

/** What a confirmation runs: a mutation, whose pending state and failure the dialog shows. */
export type ConfirmedMutation<Input> = {
  mutate: (input: Input, options?: { onSuccess?: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
};

type ConfirmActionProps<Input> = Omit<ConfirmDialogProps, 'opened' | 'onConfirm' | 'busy' | 'error'> & {
  mutation: ConfirmedMutation<Input>;
  /** What the mutation is called with, e.g. the row's id. */
  input: Input;
  /** The failure's text in the dialog; failureText's wording unless a screen has its own. */
  errorText?: (error: unknown) => string;
};

/**
 * A row action that asks first (delete, send an email, mark done): the button runs the mutation and
 * a failure stays in the dialog; success or Cancel closes it and forgets the outcome, so the next
 * row's dialog opens clean. The screen's own onSuccess (e.g. updating the list) runs first.
 */
export function ConfirmAction<Input>({ mutation, input, onClose, errorText = failureText, ...texts }: ConfirmActionProps<Input>) {
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened
      {...texts}
      onConfirm={() => mutation.mutate(input, { onSuccess: close })}
      onClose={close}
      busy={mutation.isPending}
      error={mutation.isError ? errorText(mutation.error) : null}
    />
  );
}

/** The wording every delete asks with: 'Are you sure you want to DELETE this Package? (Gold)'. */
export function deleteConfirmation(entity: string, detail?: string) {
  return {
    title: 'Confirm Delete',
    message: `Are you sure you want to DELETE this ${entity}?${detail ? ` (${detail})` : ''}`,
    confirmLabel: 'Delete',
    confirmColor: 'red',
  };
}
