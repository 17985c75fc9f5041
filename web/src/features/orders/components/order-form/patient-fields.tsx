import { ORDER_LIMITS } from '../../../../../../core/schemas/orders';
import formStyles from '../../../../components/form-layout.module.css';
import { TextField } from '../../../../components/ui/text-field';
import type { OrderFormState } from './use-order-form';
import styles from '../order-form.module.css';

/** The patient and the practice's PO number. */
export function PatientFields({ form }: { form: Pick<OrderFormState, 'values' | 'errors' | 'setField'> }) {
  const { values, errors, setField } = form;
  return (
    <fieldset className={formStyles.section}>
      <legend className={formStyles.legend}>Patient</legend>
      <div className={styles.row}>
        <TextField
          label="Patient name or reference"
          name="patient"
          required
          maxLength={ORDER_LIMITS.patient}
          autoComplete="off"
          value={values.patient}
          error={errors.patient}
          onChange={(e) => setField('patient', e.target.value)}
        />
        <TextField
          label="PO number (optional)"
          name="poNumber"
          maxLength={ORDER_LIMITS.poNumber}
          autoComplete="off"
          value={values.poNumber}
          error={errors.poNumber}
          onChange={(e) => setField('poNumber', e.target.value)}
        />
      </div>
    </fieldset>
  );
}
