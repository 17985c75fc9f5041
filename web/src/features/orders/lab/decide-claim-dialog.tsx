import { useState } from 'react';
import { PARCEL_CLAIM_NOTE_MAX, type ParcelClaimDecision } from '../../../../../core/rules/parcel-claims';
import { decideParcelClaimInputSchema, type Order, type OrderParcel } from '../../../../../core/schemas/orders';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { usePortalForm } from '../../../forms/use-portal-form';
import { useReloadLatest } from '../../../hooks/use-reload-latest';
import { notify } from '../../../lib/notify';
import { parcelName } from '../components/order-production';

const COPY: Record<ParcelClaimDecision, { title: string; submit: string; intro: string; done: string }> = {
  replace: {
    title: 'Replace the lenses of parcel',
    submit: 'Replace the lenses',
    intro: 'The practice is told the lab makes replacement lenses at no charge.',
    done: 'Claim decided: replacement lenses. The practice was told.',
  },
  decline: {
    title: 'Decline the claim on parcel',
    submit: 'Decline the claim',
    intro: 'The practice reads your reason in its email and on the order.',
    done: 'Claim declined. The practice was told why.',
  },
};

/**
 * The lab's answer to an open parcel claim: replace (a note optional) or decline (the reason required), sent
 * with the version the page read. A 409 keeps the note and offers Reload, which reads the order again and
 * closes the dialog (the claim may have been decided meanwhile).
 */
export function DecideClaimDialog({
  decision,
  order,
  parcel,
  send,
  onReload,
  onClose,
}: {
  decision: ParcelClaimDecision;
  order: Pick<Order, 'orderId' | 'version'>;
  parcel: OrderParcel;
  send: (input: {
    orderId: string;
    version: number;
    parcelId: string;
    decision: ParcelClaimDecision;
    note: string;
  }) => Promise<unknown>;
  onReload: () => Promise<unknown>;
  onClose: () => void;
}) {
  const copy = COPY[decision];
  const claim = parcel.claim;
  const [conflict, setConflict] = useState<string | null>(null);
  const { reloading, reload } = useReloadLatest(async () => {
    await onReload();
    onClose();
  });
  const form = usePortalForm({
    initial: { note: '' },
    schema: decideParcelClaimInputSchema,
    input: (values) => ({
      orderId: order.orderId,
      version: order.version,
      parcelId: parcel.parcelId,
      decision,
      note: values.note,
    }),
    failureMessage: 'The claim could not be decided. Please try again.',
    onConflict: (error) => setConflict(error.message),
    submit: async (checked) => {
      await send(checked);
      notify.success(copy.done);
      onClose();
    },
  });

  return (
    <FormDialog
      title={`${copy.title} ${parcelName(parcel)}`}
      formId={form.formId}
      busy={form.busy || reloading}
      submitLabel={copy.submit}
      submitVariant={decision === 'decline' ? 'danger' : 'primary'}
      submitDisabled={conflict !== null}
      onSubmit={conflict ? () => undefined : form.submit}
      onClose={onClose}
      intro={copy.intro}
      formError={form.formError}
    >
      {conflict ? (
        <Alert tone="warning" title={conflict}>
          <p>Nothing was changed.</p>
          <Button size="sm" variant="secondary" loading={reloading} onClick={() => void reload()}>
            Reload
          </Button>
        </Alert>
      ) : null}
      {claim ? (
        <p>
          Reported {claim.kind} by {claim.reportedBy.name}: <q>{claim.note}</q>
        </p>
      ) : null}
      <TextAreaField
        label={decision === 'decline' ? 'Reason' : 'Note to the practice (optional)'}
        hint="The practice reads this."
        maxLength={PARCEL_CLAIM_NOTE_MAX}
        required={decision === 'decline'}
        {...form.field('note')}
      />
    </FormDialog>
  );
}
