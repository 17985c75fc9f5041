import { useState } from 'react';
import { rejectAccountRequestInputSchema, type AccountRequest } from '../../../../../core/schemas/account-request';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useFormState } from '../../../hooks/use-form-state';
import { checkForm, formMessageFor, serverFormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useRejectAccountRequest } from '../api/reject-account-request';

/** Rejects an account request with a reason, which the customer is emailed and sees on their request page. */
export function RejectRequestDialog({ request, onClose }: { request: AccountRequest; onClose: () => void }) {
  const reject = useRejectAccountRequest();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useFormState({ reason: '' });

  async function submit() {
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
    <FormDialog
      title="Reject account request"
      formId={form.formId}
      busy={busy}
      submitLabel="Reject request"
      submitVariant="danger"
      onSubmit={submit}
      onClose={onClose}
      intro={
        <>
          <strong>{request.practiceName}</strong> ({request.userEmail}) is emailed the reason and sees it when they sign
          in.
        </>
      }
      formError={formError}
    >
      <TextAreaField label="Reason" required maxLength={1000} {...form.field('reason')} />
    </FormDialog>
  );
}
