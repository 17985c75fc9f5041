import { useId, useState } from 'react';
import {
  PARCEL_CLAIM_DAYS,
  PARCEL_CLAIM_KIND_LABELS,
  PARCEL_CLAIM_KINDS,
  PARCEL_CLAIM_NOTE_MAX,
  type ParcelClaimKind,
} from '../../../../../core/rules/parcel-claims';
import { reportParcelProblemInputSchema, type Order, type OrderParcel } from '../../../../../core/schemas/orders';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import textStyles from '../../../components/ui/text-field.module.css';
import { usePortalForm } from '../../../forms/use-portal-form';
import { useReloadLatest } from '../../../hooks/use-reload-latest';
import { notify } from '../../../lib/notify';
import { parcelName } from './order-production';
import styles from './parcel-claim-dialog.module.css';

/**
 * "Report a problem" on a parcel of a shipped order (within 30 days: core/rules/parcel-claims.ts): missing or
 * damaged, and what happened, sent with the version the page read. A 409 (the order changed, or the parcel was
 * reported meanwhile) keeps what was typed and offers Reload, which reads the order again and closes the dialog.
 */
export function ReportParcelDialog({
  order,
  parcel,
  send,
  onReload,
  onClose,
}: {
  order: Pick<Order, 'orderId' | 'version' | 'orderNumber'>;
  parcel: OrderParcel;
  send: (input: {
    orderId: string;
    version: number;
    parcelId: string;
    kind: ParcelClaimKind;
    note: string;
  }) => Promise<unknown>;
  onReload: () => Promise<unknown>;
  onClose: () => void;
}) {
  const legendId = useId();
  const [conflict, setConflict] = useState<string | null>(null);
  const { reloading, reload } = useReloadLatest(async () => {
    await onReload();
    onClose();
  });
  const form = usePortalForm({
    initial: { kind: '', note: '' },
    schema: reportParcelProblemInputSchema,
    input: (values) => ({
      orderId: order.orderId,
      version: order.version,
      parcelId: parcel.parcelId,
      kind: values.kind as ParcelClaimKind,
      note: values.note,
    }),
    failureMessage: 'The problem could not be reported. Please try again.',
    onConflict: (error) => setConflict(error.message),
    submit: async (checked) => {
      await send(checked);
      notify.success(`Problem reported. The lab will decide the claim on parcel ${parcel.trackingNumber}.`);
      onClose();
    },
  });
  const kindError = form.errors['kind'];

  return (
    <FormDialog
      title={`Report a problem with parcel ${parcelName(parcel)}`}
      formId={form.formId}
      busy={form.busy || reloading}
      submitLabel="Report the problem"
      submitDisabled={conflict !== null}
      onSubmit={conflict ? () => undefined : form.submit}
      onClose={onClose}
      intro={`Parcels missing or damaged are taken within ${PARCEL_CLAIM_DAYS} days of shipping. The lab replaces the lenses or tells you why not.`}
      formError={form.formError}
    >
      {conflict ? (
        <Alert tone="warning" title={conflict}>
          <p>Nothing was sent.</p>
          <Button size="sm" variant="secondary" loading={reloading} onClick={() => void reload()}>
            Reload
          </Button>
        </Alert>
      ) : null}
      <fieldset className={styles.kinds} aria-describedby={kindError ? `${legendId}-error` : undefined}>
        <legend className={styles.legend}>What is wrong with the parcel?</legend>
        <div className={styles.choices}>
          {PARCEL_CLAIM_KINDS.map((kind) => (
            <label key={kind} className={styles.choice}>
              <input
                type="radio"
                name="kind"
                value={kind}
                checked={form.values.kind === kind}
                aria-invalid={kindError ? true : undefined}
                onChange={() => form.set('kind', kind)}
              />
              <span>{PARCEL_CLAIM_KIND_LABELS[kind]}</span>
            </label>
          ))}
        </div>
        {kindError ? (
          <div id={`${legendId}-error`} className={textStyles.error}>
            {kindError}
          </div>
        ) : null}
      </fieldset>
      <TextAreaField
        label="What happened"
        hint="The lab reads this: what arrived, or what the tracking page says."
        maxLength={PARCEL_CLAIM_NOTE_MAX}
        required
        {...form.field('note')}
      />
    </FormDialog>
  );
}
