import type { ReactNode } from 'react';
import { ORDER_LIMITS } from '../../../../../../core/schemas/orders';
import formStyles from '../../../../components/form-layout.module.css';
import { TextAreaField } from '../../../../components/ui/text-area-field';
import type { OrderFormValues } from '../../model/order-form-values';
import type { OrderFormState } from './use-order-form';
import styles from '../order-form.module.css';

/** The attachments panel (another feature's), given by the route. */
export type RenderAttachments = (props: {
  orderId: string;
  onChange: (files: OrderFormValues['attachments']) => void;
}) => ReactNode;

/** Order notes, and the files attached to the draft once the server has it. */
export function NotesAndFiles({
  form,
  renderAttachments,
}: {
  form: Pick<OrderFormState, 'values' | 'errors' | 'setField' | 'change' | 'draftState'>;
  renderAttachments: RenderAttachments | undefined;
}) {
  const { values, errors, setField, change, draftState } = form;
  const { draft } = draftState;
  return (
    <fieldset className={formStyles.section}>
      <legend className={formStyles.legend}>Notes and files</legend>
      <TextAreaField
        label="Order notes (optional)"
        name="notes"
        maxLength={ORDER_LIMITS.notes}
        value={values.notes}
        error={errors.notes}
        onChange={(e) => setField('notes', e.target.value)}
      />
      {renderAttachments ? (
        draft.version !== null ? (
          renderAttachments({
            orderId: draft.orderId,
            onChange: (files) => change((v) => ({ ...v, attachments: files }), ['attachments']),
          })
        ) : (
          <p className={styles.hintText}>Files can be attached once the draft is saved (start typing the order).</p>
        )
      ) : null}
      {errors.attachments ? <p className={styles.error}>{errors.attachments}</p> : null}
    </fieldset>
  );
}
