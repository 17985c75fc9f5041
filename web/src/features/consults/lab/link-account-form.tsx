import { CHANGED_MESSAGES } from '../../../../../core/messages';
import { linkConsultInputSchema, type Consult } from '../../../../../core/schemas/consults';
import { ConflictAlert } from '../../../components/reload-latest-alert';
import { TextField } from '../../../components/ui/text-field';
import layout from '../../../components/form-layout.module.css';
import { FormError } from '../../../forms/form-error';
import { SubmitButton } from '../../../forms/submit-button';
import { usePortalForm } from '../../../forms/use-portal-form';
import { serverFormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useLinkConsultToAccount } from '../api/lab-consults';
import styles from './lab-consults.module.css';

/**
 * A visitor's request (a lead) linked to the practice it came from, by account number: that practice then
 * sees the consult and its answer under Consults.
 */
export function LinkAccountForm({ consult, onReload }: { consult: Consult; onReload: () => Promise<unknown> }) {
  const link = useLinkConsultToAccount();
  const form = usePortalForm({
    initial: { accountNumber: '' },
    schema: linkConsultInputSchema,
    input: (values) => ({ consultId: consult.consultId, version: consult.version, ...values }),
    failureMessage: 'The consult could not be linked.',
    onReload,
    submit: async (checked) => {
      try {
        const linked = await link.mutateAsync(checked);
        notify('success', `${consult.reference} linked to account ${linked.accountNumber ?? checked.accountNumber}.`);
      } catch (error) {
        // A refusal about the account (none such) belongs beside the field the number was typed in, alone.
        const fieldErrors = serverFormErrors(error);
        if (!fieldErrors['accountNumber']) throw error;
        form.showErrors(fieldErrors);
      }
    },
  });
  const { conflict } = form;

  return (
    <form id={form.formId} className={layout.form} onSubmit={form.submit} noValidate aria-label="Link to a practice">
      <p className={styles.muted}>
        Sent by a visitor without an account. Link it to the practice's account so the practice sees it and its answer
        under Consults.
      </p>
      <div className={styles.linkRow}>
        <TextField label="Account number" autoComplete="off" {...form.field('accountNumber')} />
        <SubmitButton busy={form.busy} variant="secondary">
          Link to a practice
        </SubmitButton>
      </div>
      <ConflictAlert conflict={conflict} title={CHANGED_MESSAGES.consult}>
        Reload to see who it is linked to now.
      </ConflictAlert>
      <FormError message={form.formError} />
    </form>
  );
}
