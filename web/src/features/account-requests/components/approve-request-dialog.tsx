import { useState } from 'react';
import { approveAccountRequestInputSchema, type AccountRequest } from '../../../../../core/schemas/account-request';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useFormState } from '../../../hooks/use-form-state';
import { checkForm, formMessageFor, serverFormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useApproveAccountRequest } from '../api/approve-account-request';

/**
 * Approves an account request: the account number is the one the customer gave (to confirm) or one the
 * lab assigns. The practice record is created from the request when the account does not exist yet.
 */
export function ApproveRequestDialog({
  request,
  onApproved,
  onClose,
}: {
  request: AccountRequest;
  onApproved: () => void;
  onClose: () => void;
}) {
  const approve = useApproveAccountRequest();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useFormState({ accountNumber: request.existingAccountNumber ?? '' });

  async function submit() {
    if (approve.isPending) return;
    setFormError(null);
    // Left empty, the server confirms the number the customer gave (or says one must be assigned).
    const accountNumber = form.values.accountNumber.trim();
    const input = { requestId: request.requestId, ...(accountNumber ? { accountNumber } : {}) };
    const checked = checkForm(approveAccountRequestInputSchema, input);
    if (!checked.ok) {
      form.showErrors(checked.errors);
      return;
    }
    try {
      const answer = await approve.mutateAsync(checked.data);
      notify.success(
        `${request.practiceName} is approved with account ${answer.request.accountNumber ?? checked.data.accountNumber}` +
          (answer.practiceCreated ? '; the practice was created.' : '.'),
      );
      if (!answer.emailSent) notify.warning(`The approval could not be emailed. Tell ${request.userEmail} yourself.`);
      onApproved();
    } catch (error) {
      const fieldErrors = serverFormErrors(error);
      form.showErrors(fieldErrors);
      setFormError(formMessageFor(error, fieldErrors, 'The request could not be approved.'));
    }
  }

  const busy = approve.isPending;
  return (
    <FormDialog
      title="Approve account request"
      formId={form.formId}
      busy={busy}
      submitLabel="Approve"
      onSubmit={submit}
      onClose={onClose}
      intro={
        <>
          <strong>{request.practiceName}</strong> ({request.userEmail}){' '}
          {request.existingAccountNumber
            ? 'gave an account number: confirm it, or correct it.'
            : 'has no account number yet: assign one.'}{' '}
          A new account number creates the practice from the request.
        </>
      }
      formError={formError}
    >
      <TextField
        label="Account number"
        autoComplete="off"
        required={!request.existingAccountNumber}
        hint="Letters, digits and dashes, e.g. CS-3001."
        {...form.field('accountNumber')}
      />
    </FormDialog>
  );
}
