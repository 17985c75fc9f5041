import { useState } from 'react';
import { formatCents, notMoney, parseDollars } from '../../../lib/money-text';
import { grantGoodwillCreditInputSchema } from '../../../../../core/schemas/credit';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { usePortalForm } from '../../../forms/use-portal-form';
import type { FormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useGrantGoodwillCredit } from '../api/warranty-claims';
import { DECIMAL_INPUT } from '../../../forms/number-inputs';

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

/** The draft's field each of the form's fields (by the schema's paths) is kept in. */
const DRAFT_FIELD = { accountNumber: 'accountNumber', amountCents: 'amount', note: 'note' } as const;

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
  const grant = useGrantGoodwillCredit();
  const form = usePortalForm({
    // The amount is typed in dollars under the schema's name, so the server's message about it shows on it.
    initial: { accountNumber: draft.accountNumber, amountCents: draft.amount, note: draft.note },
    schema: grantGoodwillCreditInputSchema,
    // The entry id made when the draft was started: every retry sends it again, so it cannot grant twice.
    input: (values) => ({
      entryId: draft.entryId,
      accountNumber: values.accountNumber,
      amountCents: parseDollars(values.amountCents) ?? 0,
      note: values.note,
    }),
    check: (values): FormErrors => {
      if (values.amountCents.trim() === '') return { amountCents: 'Amount is required' };
      if (parseDollars(values.amountCents) === null) return { amountCents: notMoney('25.00') };
      return {};
    },
    failureMessage: 'The credit could not be granted. Please try again.',
    submit: async (checked) => {
      const { entry, approval } = await grant.mutateAsync(checked);
      if (entry) notify.success(`${formatCents(entry.amountCents)} goodwill credit granted to ${entry.accountNumber}.`);
      else if (approval)
        notify.success(
          `${formatCents(approval.amountCents)} goodwill credit for ${approval.accountNumber} waits for a second super admin's approval.`,
        );
      onGranted();
    },
  });

  /** Props for one field; the page keeps what was typed until the grant is recorded. */
  const field = (path: keyof typeof DRAFT_FIELD) => ({
    ...form.field(path),
    onChange: (event: { target: { value: string } }) => {
      form.set(path, event.target.value);
      onDraftChange({ ...draft, [DRAFT_FIELD[path]]: event.target.value });
    },
  });

  return (
    <FormDialog
      title="Grant goodwill credit"
      form={form}
      submitLabel="Grant credit"
      onClose={onClose}
      intro="The credit is available to the account at once; above the lab's approval threshold it waits for a second super admin. The practice sees the note in its ledger."
    >
      <TextField label="Account number" autoComplete="off" maxLength={32} required {...field('accountNumber')} />
      <TextField
        label="Amount (USD)"
        {...DECIMAL_INPUT}
        required
        hint="At most $10,000.00."
        {...field('amountCents')}
      />
      <TextAreaField label="Note" hint="Why the lab grants this credit." maxLength={500} required {...field('note')} />
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
