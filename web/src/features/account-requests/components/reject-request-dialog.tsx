import { useState, type FormEvent } from 'react';
import { rejectAccountRequestInputSchema, type AccountRequest } from '../../../../../core/schemas/account-request';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useFormState } from '../../../hooks/use-form-state';
import { checkForm, formMessageFor, serverFormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useRejectAccountRequest } from '../api/reject-account-request';
import layout from '../../../components/form-layout.module.css';

/** Rejects an account request with a reason, which the customer is emailed and sees on their request page. */
export function RejectRequestDialog({ request, onClose }: { request: AccountRequest; onClose: () => void }) {
  const reject = useRejectAccountRequest();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useFormState({ reason: '' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reject.isPending) return;
    setFormError(null);
    const checked = checkForm(rejectAccountRequestInputSchema, { requestId: request.requestId, ...form.values });
    if (!checked.ok) {
      form.showErrors(checked.errors);
      return;
    }
    try {
      const answer = await reject.mutateAsync(checked.data);
      notify.success(`The request of ${request.practiceName} was rejected.`);
      if (!answer.emailSent) notify.warning(`The rejection could not be emailed. Tell ${request.userEmail} yourself.`);
      onClose();
    } catch (error) {
      const fieldErrors = serverFormErrors(error);
      form.showErrors(fieldErrors);
      setFormError(formMessageFor(error, fieldErrors, 'The request could not be rejected.'));
    }
  }

  const busy = reject.isPending;
  return (
    <Dialog
      title="Reject account request"
      {...(busy ? {} : { onDismiss: onClose })}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" form={form.formId} loading={busy}>
            Reject request
          </Button>
        </>
      }
    >
      <form id={form.formId} className={layout.form} onSubmit={(e) => void submit(e)} noValidate>
        <p className={layout.note}>
          <strong>{request.practiceName}</strong> ({request.userEmail}) is emailed the reason and sees it when they sign
          in.
        </p>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <TextAreaField label="Reason" required maxLength={1000} {...form.field('reason')} />
      </form>
    </Dialog>
  );
}
