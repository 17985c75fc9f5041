import { formatCents } from '../../../lib/money-text';
import { submitWarrantyClaimInputSchema, type WarrantyLens } from '../../../../../core/schemas/credit';
import { EYE_LABELS } from '../../../../../core/schemas/orders';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { usePortalForm } from '../../../forms/use-portal-form';
import type { FormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useSubmitWarrantyClaim } from '../api/credit-queries';
import styles from './credit.module.css';

export type ClaimKind = 'cancellation' | 'defect';

/** What the practice typed for one claim, and the claim's id: kept by the page until the claim is sent. */
export interface ClaimDraft {
  claimId: string;
  note: string;
}

export const claimDraftKey = (lens: Pick<WarrantyLens, 'orderId' | 'eye'>, kind: ClaimKind) =>
  `${lens.orderId}:${lens.eye}:${kind}`;

export const newClaimDraft = (): ClaimDraft => ({ claimId: crypto.randomUUID(), note: '' });

const COPY: Record<ClaimKind, { title: string; label: string; required: string; submit: string; done: string }> = {
  cancellation: {
    title: 'Cancel for credit',
    label: 'Why is the lens canceled?',
    required: 'Say why the lens is canceled',
    submit: 'Cancel for credit',
    done: 'Cancellation sent. The lab will review it.',
  },
  defect: {
    title: 'Report a defect',
    label: 'What is wrong with the lens?',
    required: 'Describe the defect',
    submit: 'Report the defect',
    done: 'Defect reported. The lab will review it.',
  },
};

/**
 * Cancel a lens for credit, or report a defect. The dialog says what the claim gives before it is sent
 * (the credit the server computed from the policy, and whether the lens must come back). The claim id was
 * made when the claim was first opened and is sent again on every retry, so a retry after a lost answer
 * cannot file the claim twice. The server's refusal (e.g. the window has ended) shows in the dialog.
 */
export function ClaimDialog({
  kind,
  lens,
  accountNumber,
  draft,
  onDraftChange,
  onClose,
  onSent,
}: {
  kind: ClaimKind;
  lens: WarrantyLens;
  accountNumber: string;
  draft: ClaimDraft;
  onDraftChange: (draft: ClaimDraft) => void;
  onClose: () => void;
  onSent: () => void;
}) {
  const copy = COPY[kind];
  const submit = useSubmitWarrantyClaim();
  const form = usePortalForm({
    initial: { note: draft.note },
    schema: submitWarrantyClaimInputSchema,
    // The claim id made when the claim was first opened: every retry sends it again, so a retry after a
    // lost answer cannot file the claim twice.
    input: (values) => ({
      claimId: draft.claimId,
      accountNumber,
      orderId: lens.orderId,
      eye: lens.eye,
      kind,
      note: values.note,
    }),
    check: (values): FormErrors => (values.note.trim() ? {} : { note: copy.required }),
    failureMessage: 'The claim could not be sent. Please try again.',
    submit: async (checked) => {
      await submit.mutateAsync(checked);
      notify.success(copy.done);
      onSent();
    },
  });

  const lensLine = `${lens.lensName}, ${EYE_LABELS[lens.eye]}, order ${lens.orderNumber} (${lens.patient})`;
  return (
    <FormDialog
      title={copy.title}
      form={form}
      submitLabel={copy.submit}
      submitVariant={kind === 'cancellation' ? 'danger' : 'primary'}
      onClose={onClose}
      intro={lensLine}
    >
      {kind === 'cancellation' ? (
        <dl className={styles.claimFacts}>
          <div>
            <dt>Credit</dt>
            <dd>{formatCents(lens.cancellationCreditCents)}</dd>
          </div>
          <div>
            <dt>Return the lens</dt>
            <dd>{lens.returnRequired ? 'Yes, the lens must be returned' : 'No return needed'}</dd>
          </div>
        </dl>
      ) : null}
      <p className={styles.claimNote}>
        {kind === 'cancellation'
          ? lens.returnRequired
            ? 'The lab reviews the cancellation. Once approved, send the lens back: the credit stays pending until the lab receives it.'
            : 'The lab reviews the cancellation. Once approved, the credit is added to this account.'
          : lens.returnRequired
            ? 'The lab reviews the report and may ask for the lens back. If it approves, the lens is credited in full.'
            : 'The lab reviews the report. If it approves, the lens is credited in full.'}
      </p>
      <TextAreaField
        label={copy.label}
        maxLength={1000}
        required
        {...form.field('note')}
        // The page keeps what was typed until the claim is sent, for when the dialog is opened again.
        onChange={(event) => {
          form.set('note', event.target.value);
          onDraftChange({ ...draft, note: event.target.value });
        }}
      />
    </FormDialog>
  );
}
