import { useId, useState } from 'react';
import { formatCents } from '../../../../../core/rules/invoice-balance';
import { decideWarrantyClaimInputSchema, type WarrantyClaim } from '../../../../../core/schemas/credit';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { isCallableError } from '../../../lib/callable-error';
import { checkForm, failureMessage, serverFormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useClaimAction, type ClaimActionInput } from '../api/warranty-claims';

export type ClaimAction = 'approve' | 'deny' | 'return-received';

/** What the admin sees when another admin acted on the claim first (409 aborted). */
export const CLAIM_CHANGED_MESSAGE = 'This claim changed, reload';

const claimName = (claim: WarrantyClaim) => `${claim.orderNumber} ${claim.eye}`;

const COPY: Record<
  ClaimAction,
  { title: (c: WarrantyClaim) => string; submit: string; done: (c: WarrantyClaim) => string }
> = {
  approve: {
    title: (c) => `Approve the claim on ${claimName(c)}?`,
    submit: 'Approve',
    done: (c) =>
      c.status === 'awaiting-return'
        ? `Claim approved. ${c.accountNumber} is credited once the lens is back.`
        : `Claim approved. ${c.accountNumber} was credited ${formatCents(c.creditCents)}.`,
  },
  deny: {
    title: (c) => `Deny the claim on ${claimName(c)}`,
    submit: 'Deny claim',
    done: (c) => `Claim on ${claimName(c)} denied.`,
  },
  'return-received': {
    title: (c) => `Lens of ${claimName(c)} received?`,
    submit: 'Mark return received',
    done: (c) => `Return received. ${c.accountNumber} was credited ${formatCents(c.creditCents)}.`,
  },
};

function intro(action: ClaimAction, claim: WarrantyClaim): string {
  const credit = formatCents(claim.creditCents);
  switch (action) {
    case 'approve':
      return claim.returnRequired
        ? `${claim.accountNumber} gets ${credit} once the lens is back at the lab; until then it shows as pending.`
        : `${claim.accountNumber} is credited ${credit} now.`;
    case 'deny':
      return `Nothing is credited. The practice sees your reason.`;
    case 'return-received':
      return `The pending ${credit} becomes available credit for ${claim.accountNumber}.`;
  }
}

/**
 * One lab action on a claim (approve, deny with a reason, mark the returned lens received), sent with the
 * version the list showed. A 409 keeps the dialog open with "This claim changed, reload": Reload reads
 * the queue again and closes the dialog, since the claim may no longer be in this tab.
 */
export function ClaimActionDialog({
  action,
  claim,
  onClose,
  onReload,
}: {
  action: ClaimAction;
  claim: WarrantyClaim;
  onClose: () => void;
  onReload: () => Promise<unknown>;
}) {
  const formId = useId();
  const copy = COPY[action];
  const mutation = useClaimAction();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);

  function request(): ClaimActionInput | null {
    const base = { claimId: claim.claimId, version: claim.version };
    if (action === 'return-received') return { action, input: base };
    if (action === 'approve') return { action: 'decide', input: { ...base, decision: 'approve' } };
    const checked = checkForm(decideWarrantyClaimInputSchema, { ...base, decision: 'deny', reason });
    if (!checked.ok) {
      setReasonError(checked.errors['reason'] ?? 'Reason is required');
      return null;
    }
    return { action: 'decide', input: checked.data };
  }

  async function send() {
    if (mutation.isPending || conflict) return;
    setFormError(null);
    setReasonError(undefined);
    const input = request();
    if (!input) return;
    try {
      const saved = await mutation.mutateAsync(input);
      notify.success(copy.done(saved));
      onClose();
    } catch (error) {
      if (isCallableError(error) && error.status === 'aborted') return setConflict(true);
      const fields = serverFormErrors(error);
      if (fields['reason']) setReasonError(fields['reason']);
      else setFormError(failureMessage(error, 'The claim could not be updated. Please try again.'));
    }
  }

  async function reload() {
    setReloading(true);
    try {
      await onReload();
      onClose();
    } finally {
      setReloading(false);
    }
  }

  return (
    <FormDialog
      title={copy.title(claim)}
      formId={formId}
      busy={mutation.isPending || reloading}
      submitLabel={copy.submit}
      submitVariant={action === 'deny' ? 'danger' : 'primary'}
      submitDisabled={conflict}
      onSubmit={send}
      onClose={onClose}
      intro={intro(action, claim)}
      formError={formError}
    >
      {conflict ? (
        <Alert tone="warning" title={CLAIM_CHANGED_MESSAGE}>
          <p>Another admin acted on this claim since the list loaded. Nothing was changed.</p>
          <Button size="sm" variant="secondary" loading={reloading} onClick={() => void reload()}>
            Reload
          </Button>
        </Alert>
      ) : null}
      {action === 'deny' ? (
        <TextAreaField
          label="Reason"
          hint="The practice sees this reason."
          value={reason}
          maxLength={1000}
          required
          error={reasonError}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(undefined);
          }}
        />
      ) : (
        <p>
          Note from the practice: <q>{claim.note}</q>
        </p>
      )}
    </FormDialog>
  );
}
