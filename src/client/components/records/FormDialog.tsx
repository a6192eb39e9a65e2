import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { failureText } from './failureText.js';
import type { FormEvent, ReactNode } from 'react';

type FormDialogProps = {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  submitting?: boolean;
  submitDisabled?: boolean;
  /** Shown in an alert titled Error; the dialog stays open. */
  error?: string | null;
  size?: string | number;
  /** A second way to submit, beside the main button (e.g. 'Save and add another'). */
  secondaryAction?: ReactNode;
  children: ReactNode;
};

/** The foot of every record dialog: the failure in an alert titled Error, then Cancel and the action. */
function DialogOutcome({ error, onCancel, busy, children }: { error?: string | null; onCancel: () => void; busy?: boolean; children: ReactNode }) {
  return (
    <>
      {error && (
        <Alert color="red" title="Error" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        {children}
      </Group>
    </>
  );
}

/** A form in a dialog (add, edit, invite): a backdrop click does not close it. */
export function FormDialog(props: FormDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.submitDisabled && !props.submitting) props.onSubmit();
  };
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} size={props.size ?? 'lg'} closeOnClickOutside={false} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {props.children}
          <DialogOutcome error={props.error} onCancel={props.onClose} busy={props.submitting}>
            {props.secondaryAction}
            <Button type="submit" loading={props.submitting} disabled={props.submitDisabled}>
              {props.submitLabel}
            </Button>
          </DialogOutcome>
        </Stack>
      </form>
    </Modal>
  );
}

export type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  error?: string | null;
  /** The action waits for something (a preview that has not loaded, one that says it would be refused). */
  confirmDisabled?: boolean;
  size?: string | number;
  children?: ReactNode;
};

/** Confirmation (delete, send email, mark done): same rules as the add/edit dialog. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} size={props.size} closeOnClickOutside={false} centered>
      <Stack gap="md">
        <div>{props.message}</div>
        {props.children}
        <DialogOutcome error={props.error} onCancel={props.onClose} busy={props.busy}>
          <Button color={props.confirmColor} onClick={props.onConfirm} loading={props.busy} disabled={props.confirmDisabled}>
            {props.confirmLabel}
          </Button>
        </DialogOutcome>
      </Stack>
    </Modal>
  );
}

type RecordDialogProps = {
  /** 'Company' gives the titles 'Add Company' and 'Edit Company'. */
  entity: string;
  editing: boolean;
  /** The save mutation: its pending state and error drive the button and the Error alert. */
  saving: { isPending: boolean; isError: boolean; error: unknown };
  onClose: () => void;
  onSubmit: () => void;
  errorText?: (error: unknown) => string;
  addTitle?: string;
  size?: string | number;
  submitDisabled?: boolean;
  secondaryAction?: ReactNode;
  children: ReactNode;
};

/** The add/edit dialog of one record: titles, Save or Update, and the failure shown inside. */
export function RecordDialog({ entity, editing, saving, errorText = failureText, addTitle, ...rest }: RecordDialogProps) {
  // the Error alert always tells a refusal (the error catalogue's rule); a named field shows it on itself too
  const alert = saving.isError ? errorText(saving.error) : null;
  return (
    <FormDialog
      opened
      title={editing ? `Edit ${entity}` : (addTitle ?? `Add ${entity}`)}
      submitLabel={editing ? 'Update' : 'Save'}
      submitting={saving.isPending}
      error={alert}
      {...rest}
    />
  );
}
