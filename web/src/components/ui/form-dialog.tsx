import type { FormEvent, ReactNode } from 'react';
import layout from '../form-layout.module.css';
import { Alert } from './alert';
import { Button, type ButtonProps } from './button';
import { Dialog } from './dialog';

/** The form's side of the dialog, as usePortalForm gives it (or a dialog spells out itself). */
interface DialogFormProps {
  /** The form's id, which the submit button in the dialog's actions points at. */
  formId: string;
  /** While the form is saved: the dialog cannot be dismissed, Cancel is disabled, submit shows progress. */
  busy: boolean;
  onSubmit: () => void | Promise<void>;
  /** The message about the whole form, shown above the fields where the user looks. */
  formError: string | null;
}

export type FormDialogProps = FormDialogFrameProps &
  (DialogFormProps | { form: { formId: string; busy: boolean; submit: () => void; formError: string | null } });

interface FormDialogFrameProps {
  title: string;
  submitLabel: string;
  submitVariant?: ButtonProps['variant'];
  submitDisabled?: boolean;
  onClose: () => void;
  /** A short note above the fields (who or what the form is about). */
  intro?: ReactNode;
  /** 'lg' for a longer form (several rows of fields). */
  size?: 'md' | 'lg';
  children: ReactNode;
}

/** A dialog that holds one small form, with Cancel and a submit button, used by the admin's one-step actions. */
export function FormDialog(props: FormDialogProps) {
  const { title, submitLabel, submitVariant, submitDisabled, onClose, intro, size, children } = props;
  const { formId, busy, onSubmit, formError }: DialogFormProps =
    'form' in props ? { ...props.form, onSubmit: props.form.submit } : props;
  function submit(event: FormEvent) {
    event.preventDefault();
    void onSubmit();
  }
  return (
    <Dialog
      title={title}
      {...(size ? { size } : {})}
      {...(busy ? {} : { onDismiss: onClose })}
      actions={
        <FormDialogActions
          formId={formId}
          busy={busy}
          onClose={onClose}
          submitLabel={submitLabel}
          {...(submitVariant ? { variant: submitVariant } : {})}
          {...(submitDisabled !== undefined ? { disabled: submitDisabled } : {})}
        />
      }
    >
      <form id={formId} className={layout.form} onSubmit={submit} noValidate>
        {intro ? <p className={layout.note}>{intro}</p> : null}
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        {children}
      </form>
    </Dialog>
  );
}

/**
 * A form dialog's actions: Cancel (off while the form is saved), then the submit button of the form `formId`,
 * which shows progress while busy; `submit` props (variant, disabled, loading) adjust it.
 */
export function FormDialogActions({
  formId,
  busy,
  onClose,
  submitLabel,
  ...submit
}: {
  formId: string;
  busy: boolean;
  onClose: () => void;
  submitLabel: ReactNode;
} & Pick<ButtonProps, 'variant' | 'disabled' | 'loading'>) {
  return (
    <>
      <Button variant="secondary" onClick={onClose} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" form={formId} loading={busy} {...submit}>
        {submitLabel}
      </Button>
    </>
  );
}
