import type { PostalAddress } from '../../../../../../core/schemas/customers/customer-info';
import { SHIPPING_METHOD_LABELS, SHIPPING_METHODS } from '../../../../../../core/schemas/orders';
import { AddressFields } from '../../../../components/address-fields';
import formStyles from '../../../../components/form-layout.module.css';
import { SelectField } from '../../../../components/ui/select-field';
import { emptyOrderForm, type OrderFormValues } from '../../model/order-form-values';
import type { OrderFormState } from './use-order-form';
import styles from '../order-form.module.css';

/** How and where the lenses ship: the practice's own address, or one typed for the patient. */
export function ShippingFields({
  form,
  practiceAddress,
}: {
  form: Pick<OrderFormState, 'values' | 'errors' | 'change' | 'addressField'>;
  practiceAddress: PostalAddress;
}) {
  const { values, errors, change, addressField } = form;
  return (
    <fieldset className={formStyles.section}>
      <legend className={formStyles.legend}>Shipping</legend>
      <div className={styles.row}>
        <SelectField
          label="Shipping method"
          name="shipping.method"
          options={SHIPPING_METHODS.map((m) => ({ value: m, label: SHIPPING_METHOD_LABELS[m] }))}
          value={values.shipping.method}
          error={errors['shipping.method']}
          onChange={(e) =>
            change(
              (v) => ({
                ...v,
                shipping: { ...v.shipping, method: e.target.value as OrderFormValues['shipping']['method'] },
              }),
              ['shipping.method'],
            )
          }
        />
        <SelectField
          label="Ship to"
          name="shipping.shipTo"
          options={[
            { value: 'office', label: 'The practice' },
            { value: 'patient', label: 'The patient' },
          ]}
          value={values.shipping.shipTo}
          onChange={(e) =>
            change(
              (v) => {
                const shipTo = e.target.value === 'patient' ? 'patient' : 'office';
                // Back to the office: its address again; to the patient: the user types theirs.
                const address =
                  shipTo === 'office'
                    ? emptyOrderForm(practiceAddress).shipping.address
                    : emptyOrderForm().shipping.address;
                return { ...v, shipping: { ...v.shipping, shipTo, address } };
              },
              ['shipping'],
            )
          }
        />
      </div>
      <AddressFields field={addressField} prefix="shipping.address" section="shipping" />
    </fieldset>
  );
}
