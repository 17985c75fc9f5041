import { useId, useState } from 'react';
import { formatCents, parseDollars } from '../../../../../core/rules/invoice-balance';
import { grantGoodwillCreditInputSchema } from '../../../../../core/schemas/credit';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { checkForm, failureMessage, serverFormErrors, type FormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useGrantGoodwillCredit } from '../api/warranty-claims';

/** What the admin typed, and the entry's id: kept until the grant is recorded, so a retry cannot grant twice. */
export interface GoodwillDraft {
  entryId: string;
  accountNumber: string;
  amount: string;
  note: string;
}

export const newGoodwillDraft = (): GoodwillDraft => ({
  entryId: crypto.randomUUID(),
  accountNumber: '',
  amount: '',
  note: '',
});

/** The form's fields, by the schema's paths. */
const FIELD_OF: Record<string, keyof GoodwillDraft> = {
  accountNumber: 'accountNumber',
  amountCents: 'amount',
  note: 'note',
};

function fieldErrors(errors: FormErrors): Partial<Record<keyof GoodwillDraft, string>> {
  const mapped: Partial<Record<keyof GoodwillDraft, string>> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = FIELD_OF[path];
    if (field) mapped[field] ??= message;
  }
  return mapped;
}

/**
 * Grants goodwill credit to an account: amount in dollars (sent as cents), a required note the practice
 * sees in its ledger. The entry id was made when the draft was started; every retry sends it again.
 */
export function GoodwillDialog({
  draft,
  onDraftChange,
  onClose,
  onGranted,
}: {
  draft: GoodwillDraft;
  onDraftChange: (draft: GoodwillDraft) => void;
  onClose: () => void;
  onGranted: () => void;
}) {
  const formId = useId();
  const grant = useGrantGoodwillCredit();
  const [errors, setErrors] = useState<Partial<Record<keyof GoodwillDraft, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const change = (field: 'accountNumber' | 'amount' | 'note', value: string) => {
    onDraftChange({ ...draft, [field]: value });
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  async function send() {
    if (grant.isPending) return;
    setFormError(null);
    const amountCents = parseDollars(draft.amount);
    const checked = checkForm(grantGoodwillCreditInputSchema, {
      entryId: draft.entryId,
      accountNumber: draft.accountNumber.trim().toUpperCase(),
      amountCents: amountCents ?? 0,
      note: draft.note,
    });
    const problems = checked.ok ? {} : fieldErrors(checked.errors);
    if (draft.amount.trim() === '') problems.amount = 'Amount is required';
    else if (amountCents === null) problems.amount = 'Enter an amount in dollars, e.g. 25.00';
    if (!checked.ok || Object.keys(problems).length > 0) {
      setErrors(problems);
      if (Object.keys(problems).length === 0) setFormError('The credit could not be granted.');
      return;
    }
    try {
      const entry = await grant.mutateAsync(checked.data);
      notify.success(`${formatCents(entry.amountCents)} goodwill credit granted to ${entry.accountNumber}.`);
      onGranted();
    } catch (error) {
      const server = fieldErrors(serverFormErrors(error));
      setErrors(server);
      setFormError(failureMessage(error, 'The credit could not be granted. Please try again.'));
    }
  }

  return (
    <FormDialog
      title="Grant goodwill credit"
      formId={formId}
      busy={grant.isPending}
      submitLabel="Grant credit"
      onSubmit={send}
      onClose={onClose}
      intro="The credit is available to the account at once. The practice sees the note in its ledger."
      formError={formError}
    >
      <TextField
        label="Account number"
        autoComplete="off"
        maxLength={32}
        required
        value={draft.accountNumber}
        error={errors.accountNumber}
        onChange={(event) => change('accountNumber', event.target.value)}
      />
      <TextField
        label="Amount (USD)"
        inputMode="decimal"
        autoComplete="off"
        required
        hint="At most $10,000.00."
        value={draft.amount}
        error={errors.amount}
        onChange={(event) => change('amount', event.target.value)}
      />
      <TextAreaField
        label="Note"
        hint="Why the lab grants this credit."
        maxLength={500}
        required
        value={draft.note}
        error={errors.note}
        onChange={(event) => change('note', event.target.value)}
      />
    </FormDialog>
  );
}

/** The page's "Grant goodwill credit" button with its dialog and the draft kept between openings. */
export function GoodwillCreditButton() {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<GoodwillDraft>(newGoodwillDraft);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Grant goodwill credit</Button>
      {open ? (
        <GoodwillDialog
          draft={draft}
          onDraftChange={setDraft}
          onClose={() => setOpen(false)}
          onGranted={() => {
            setDraft(newGoodwillDraft());
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}
