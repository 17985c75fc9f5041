import type { LensDesign } from '../../../../../../core/schemas/lenses';
import { EYE_LABELS, SHIPPING_METHOD_LABELS } from '../../../../../../core/schemas/orders';
import { formatCents } from '../../../../lib/money-text';
import { enabledEyes, type OrderFormValues } from '../../model/order-form-values';
import styles from '../order-form.module.css';

/** What is about to be ordered, in the confirmation before it is sent. */
export function OrderSummary({
  values,
  designs,
  showPrices,
  totalCents,
}: {
  values: OrderFormValues;
  designs: Map<string, LensDesign>;
  showPrices: boolean;
  totalCents: number;
}) {
  return (
    <dl className={styles.confirm}>
      <dt>Patient</dt>
      <dd>{values.patient}</dd>
      {values.poNumber ? (
        <>
          <dt>PO number</dt>
          <dd>{values.poNumber}</dd>
        </>
      ) : null}
      {enabledEyes(values).map((eye) => (
        <div key={eye}>
          <dt>{EYE_LABELS[eye]}</dt>
          <dd>
            {designs.get(values.lines[eye].lensId)?.name} × {values.lines[eye].quantity}
          </dd>
        </div>
      ))}
      <dt>Shipping</dt>
      <dd>
        {values.shipping.method ? SHIPPING_METHOD_LABELS[values.shipping.method] : ''} to{' '}
        {values.shipping.shipTo === 'patient' ? 'the patient' : 'the practice'}: {values.shipping.address.address},{' '}
        {values.shipping.address.city}
      </dd>
      {values.attachments.length > 0 ? (
        <>
          <dt>Files</dt>
          <dd>{values.attachments.length}</dd>
        </>
      ) : null}
      {showPrices && totalCents > 0 ? (
        <>
          <dt>Total</dt>
          <dd>{formatCents(totalCents)}</dd>
        </>
      ) : null}
    </dl>
  );
}
