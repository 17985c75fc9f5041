import { useState, type FormEvent } from 'react';
import { linkConsultInputSchema, type Consult } from '../../../../../core/schemas/consult';
import { ReloadLatestAlert } from '../../../components/reload-latest-alert';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import layout from '../../../components/form-layout.module.css';
import { useVersionConflict } from '../../../hooks/use-version-conflict';
import { checkForm, formMessageFor, serverFormErrors, type FormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useLinkConsultToAccount } from '../api/lab-consults';
import styles from './lab-consults.module.css';

export const LINK_CONFLICT_MESSAGE = 'This consult changed since you opened it.';

/**
 * A visitor's request (a lead) linked to the practice it came from, by account number: that practice then
 * sees the consult and its answer under Consults.
 */
export function LinkAccountForm({ consult, onReload }: { consult: Consult; onReload: () => Promise<unknown> }) {
  const [accountNumber, setAccountNumber] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const link = useLinkConsultToAccount();
  const { conflict, clearConflict, caught, reloading, reload } = useVersionConflict(onReload);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (link.isPending) return;
    setFormError(null);
    clearConflict();
    const checked = checkForm(linkConsultInputSchema, {
      consultId: consult.consultId,
      version: consult.version,
      accountNumber,
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    try {
      const linked = await link.mutateAsync(checked.data);
      notify(
        'success',
        `${consult.reference} linked to account ${linked.accountNumber ?? checked.data.accountNumber}.`,
      );
    } catch (error) {
      if (caught(error)) return;
      const fieldErrors = serverFormErrors(error);
      setErrors(fieldErrors);
      // A refusal about the account (none such) belongs beside the field the number was typed in.
      if (!fieldErrors['accountNumber'])
        setFormError(formMessageFor(error, fieldErrors, 'The consult could not be linked.'));
    }
  }

  return (
    <form className={layout.form} onSubmit={(e) => void submit(e)} noValidate aria-label="Link to a practice">
      <p className={styles.muted}>
        Sent by a visitor without an account. Link it to the practice's account so the practice sees it and its answer
        under Consults.
      </p>
      <div className={styles.linkRow}>
        <TextField
          label="Account number"
          name="accountNumber"
          autoComplete="off"
          value={accountNumber}
          error={errors['accountNumber']}
          onChange={(event) => {
            setAccountNumber(event.target.value);
            setErrors({});
          }}
        />
        <Button type="submit" variant="secondary" loading={link.isPending}>
          Link to a practice
        </Button>
      </div>
      {conflict ? (
        <ReloadLatestAlert title={LINK_CONFLICT_MESSAGE} reloading={reloading} onReload={() => void reload()}>
          Reload to see who it is linked to now.
        </ReloadLatestAlert>
      ) : null}
      {formError ? <Alert tone="error">{formError}</Alert> : null}
    </form>
  );
}
