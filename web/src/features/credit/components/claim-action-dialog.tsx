import { CHANGED_MESSAGES } from '../../../../../core/messages';
import { useState } from 'react';
import { formatCents } from '../../../lib/money-text';
import { decideWarrantyClaimInputSchema, type WarrantyClaim } from '../../../../../core/schemas/credit';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { usePortalForm } from '../../../forms/use-portal-form';
import { useReloadLatest } from '../../../hooks/use-reload-latest';
import { notify } from '../../../lib/notify';
import { useClaimAction, type ClaimActionInput } from '../api/warranty-claims';

export type ClaimAction = 'approve' | 'deny' | 'return-received';

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
  const copy = COPY[action];
  const mutation = useClaimAction();
  const [conflict, setConflict] = useState(false);
  // The claim may no longer be in this tab once the queue is read again, so the dialog closes.
  const { reloading, reload } = useReloadLatest(async () => {
    await onReload();
    onClose();
  });
  const form = usePortalForm({
    initial: { reason: '' },
    // Only a denial has a field to check.
    ...(action === 'deny' ? { schema: decideWarrantyClaimInputSchema } : {}),
    input: (values) => ({ claimId: claim.claimId, version: claim.version, decision: 'deny' as const, ...values }),
    failureMessage: 'The claim could not be updated. Please try again.',
    onConflict: () => setConflict(true),
    submit: async (checked) => {
      const base = { claimId: claim.claimId, version: claim.version };
      const request: ClaimActionInput =
        action === 'return-received'
          ? { action, input: base }
          : action === 'approve'
            ? { action: 'decide', input: { ...base, decision: 'approve' } }
            : { action: 'decide', input: checked };
      const saved = await mutation.mutateAsync(request);
      notify.success(copy.done(saved));
      onClose();
    },
  });

  return (
    <FormDialog
      title={copy.title(claim)}
      formId={form.formId}
      busy={form.busy || reloading}
      submitLabel={copy.submit}
      submitVariant={action === 'deny' ? 'danger' : 'primary'}
      submitDisabled={conflict}
      onSubmit={conflict ? () => undefined : form.submit}
      onClose={onClose}
      intro={intro(action, claim)}
      formError={form.formError}
    >
      {conflict ? (
        <Alert tone="warning" title={CHANGED_MESSAGES.claim}>
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
          maxLength={1000}
          required
          {...form.field('reason')}
        />
      ) : (
        <p>
          Note from the practice: <q>{claim.note}</q>
        </p>
      )}
    </FormDialog>
  );
}
