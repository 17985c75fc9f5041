import { correctStatementInputSchema, type StatementSummary } from '../../../../../core/schemas/statements';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { usePortalForm } from '../../../forms/use-portal-form';
import { notify } from '../../../lib/notify';
import { useCorrectStatement } from '../api/statement-queries';
import { statementTitle } from './statement-columns';

/**
 * Issues a corrected statement (billing staff): the month worked out again from the invoices as they are now,
 * stored as the next version beside the one sent (which never changes) and emailed to the practice.
 */
export function CorrectStatementDialog({ statement, onClose }: { statement: StatementSummary; onClose: () => void }) {
  const mutation = useCorrectStatement();
  const title = statementTitle(statement);
  const form = usePortalForm({
    formId: 'correct-statement',
    initial: { reason: '' },
    schema: correctStatementInputSchema,
    input: (values) => ({ accountNumber: statement.accountNumber, month: statement.month, reason: values.reason }),
    failureMessage: 'The statement could not be corrected.',
    submit: async (input) => {
      const corrected = await mutation.mutateAsync(input);
      notify.success(`Version ${corrected.version} of the ${title} statement of ${statement.accountNumber} issued.`);
      onClose();
    },
  });
  return (
    <FormDialog
      title={`Correct the ${title} statement of ${statement.accountNumber}?`}
      formId={form.formId}
      busy={form.busy}
      submitLabel="Issue corrected statement"
      onSubmit={form.submit}
      onClose={onClose}
      intro="The month is worked out again from the invoices as they are now and emailed to the practice as a new version. The statement sent before stays as it was."
      formError={form.formError}
    >
      <TextAreaField
        label="Reason"
        hint="Printed on the corrected statement."
        required
        maxLength={500}
        disabled={form.busy}
        data-autofocus
        {...form.field('reason')}
      />
    </FormDialog>
  );
}
