import formStyles from '../../../../components/form-layout.module.css';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { OrderSummary } from './order-summary';
import type { OrderFormState } from './use-order-form';

/**
 * The bar under the form: review and submit (after a confirmation that sums the order up), or discard the
 * draft (after its own confirmation).
 */
export function OrderActions({
  form,
  showPrices,
  totalCents,
}: {
  form: OrderFormState;
  showPrices: boolean;
  totalCents: number;
}) {
  return (
    <>
      <div className={formStyles.actions}>
        <Button type="submit">Review and submit</Button>
        <Button type="button" variant="ghost" onClick={() => form.setDiscarding('ask')}>
          Discard draft
        </Button>
      </div>
      {form.confirming ? (
        <ConfirmDialog
          title="Submit this order?"
          confirmLabel="Submit order"
          tone="primary"
          busy={form.sending}
          error={form.sendError}
          onConfirm={() => void form.send()}
          onCancel={() => form.setConfirming(false)}
        >
          <OrderSummary
            values={form.values}
            designs={form.designById}
            showPrices={showPrices}
            totalCents={totalCents}
          />
        </ConfirmDialog>
      ) : null}
      {form.discarding ? (
        <ConfirmDialog
          title="Discard this draft?"
          confirmLabel="Discard draft"
          busy={form.discarding === 'busy'}
          onConfirm={() => void form.discard()}
          onCancel={() => form.setDiscarding(null)}
        >
          <p>Everything typed into this order, and its attached files, will be deleted.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
