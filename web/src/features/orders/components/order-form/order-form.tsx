import { useRef } from 'react';
import type { LensDesign } from '../../../../../../core/schemas/lenses';
import formStyles from '../../../../components/form-layout.module.css';
import { Alert } from '../../../../components/ui/alert';
import type { DraftStart } from '../../hooks/use-order-draft';
import type { Eye, OrderFormOriginal } from '../../model/order-form-values';
import type { OrderFormApi } from '../order-form-api';
import { DraftStatus } from './draft-status';
import { EyeLines } from './eye-lines';
import { NotesAndFiles, type RenderAttachments } from './notes-and-files';
import { OrderActions } from './order-actions';
import { OrderProblems } from './order-problems';
import { OrderSubmitted } from './order-submitted';
import { orderTotalCents } from './order-total';
import { PatientFields } from './patient-fields';
import { ShipPromise, type PromiseSettings } from './ship-promise';
import { ShippingFields } from './shipping-fields';
import { useOrderForm, type OrderFormAccount } from './use-order-form';
import styles from '../order-form.module.css';

export interface OrderFormProps {
  userId: string;
  account: OrderFormAccount;
  designs: readonly LensDesign[];
  api: OrderFormApi;
  /** A reorder or warranty remake: prefilled values with a new order id. */
  start?: DraftStart | undefined;
  /** The order being remade (or the lens a consult was about), to mark the parameters that differ from it. */
  original?: OrderFormOriginal | undefined;
  renderAttachments?: RenderAttachments;
  newOrderId?: () => string;
  /** A warranty remake's eyes left out because their lens's warranty has ended (the other design's has not). */
  pastWarrantyEyes?: readonly Eye[];
  /** The lab's stages and calendar the ship date is counted on (undefined while loading, null when they failed). */
  productionSettings?: PromiseSettings;
  /** The clock the ship date is counted from (tests fix it). */
  now?: () => Date;
}

/**
 * The Order Form: one patient's lenses for OD and/or OS, checked as typed with the same definitions the
 * server uses, saved as a draft as the user goes, submitted once after a confirmation.
 */
export function OrderForm({
  userId,
  account,
  designs,
  api,
  start,
  original,
  renderAttachments,
  newOrderId = () => crypto.randomUUID(),
  pastWarrantyEyes = [],
  productionSettings,
  now,
}: OrderFormProps) {
  const summaryRef = useRef<HTMLDivElement>(null);
  const form = useOrderForm({ userId, account, designs, api, start, newOrderId, summaryRef });
  const { values, draftState } = form;
  const showPrices = account.pricingAllowed;

  if (form.submitted) return <OrderSubmitted order={form.submitted} onStartNew={form.startNew} />;

  const totalCents = orderTotalCents(values, form.designById, showPrices);
  return (
    <form
      id="order-form"
      className={`${formStyles.form} ${styles.form}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.review();
      }}
    >
      <DraftStatus save={draftState.save} />
      {draftState.restored ? (
        <Alert tone="info">Your draft was restored. Continue where you left off, or discard it.</Alert>
      ) : null}
      {values.remake ? (
        <Alert tone="info">
          {values.remake.kind === 'warranty' ? 'Warranty remake' : 'Reorder'} of order{' '}
          {original?.orderNumber ?? values.remake.ofOrderId}. Changed parameters are marked.
          {pastWarrantyEyes.length > 0
            ? ` The ${pastWarrantyEyes.join(' and ')} lens is past its warranty, so it is not part of this remake.`
            : null}
        </Alert>
      ) : null}
      <OrderProblems errors={form.submitErrors} ref={summaryRef} />
      <PatientFields form={form} />
      <EyeLines form={form} designs={designs} original={original} showPrices={showPrices} totalCents={totalCents} />
      <ShippingFields form={form} practiceAddress={account.shippingAddress} />
      <NotesAndFiles form={form} renderAttachments={renderAttachments} />
      <ShipPromise values={values} designs={form.designById} settings={productionSettings} now={now} />
      <OrderActions form={form} showPrices={showPrices} totalCents={totalCents} />
    </form>
  );
}
