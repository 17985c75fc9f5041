import { rejectAccountRequestInputSchema, type AccountRequest } from '../../../../../core/schemas/account-requests';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { usePortalForm } from '../../../forms/use-portal-form';
import { notify } from '../../../lib/notify';
import { useRejectAccountRequest } from '../api/reject-account-request';

/** Rejects an account request with a reason, which the customer is emailed and sees on their request page. */
export function RejectRequestDialog({ request, onClose }: { request: AccountRequest; onClose: () => void }) {
  const reject = useRejectAccountRequest();
  const form = usePortalForm({
    initial: { reason: '' },
    schema: rejectAccountRequestInputSchema,
    input: (values) => ({ requestId: request.requestId, ...values }),
    failureMessage: 'The request could not be rejected.',
    submit: async (input) => {
      const answer = await reject.mutateAsync(input);
      notify.success(
        `The request of ${request.practiceName} was rejected.` +
          (answer.emailSent ? ' The email with the reason is on its way.' : ''),
      );
      // False when the request was rejected before (its email went with that rejection) or could not be emailed.
      if (!answer.emailSent)
        notify.warning(`No rejection email was sent this time. Tell ${request.userEmail} yourself.`);
      onClose();
    },
  });

  return (
    <FormDialog
      title="Reject account request"
      form={form}
      submitLabel="Reject request"
      submitVariant="danger"
      onClose={onClose}
      intro={
        <>
          <strong>{request.practiceName}</strong> ({request.userEmail}) is emailed the reason and sees it when they sign
          in.
        </>
      }
    >
      <TextAreaField label="Reason" required maxLength={1000} {...form.field('reason')} />
    </FormDialog>
  );
}
