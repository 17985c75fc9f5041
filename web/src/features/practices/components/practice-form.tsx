import { useState, type FormEvent, type ReactNode } from 'react';
import {
  CUSTOMER_STATUSES,
  createCustomerInputSchema,
  updateCustomerInputSchema,
  type CreateCustomerInput,
  type CustomerDetail,
  type UpdateCustomerInput,
} from '../../../../../core/schemas/customer-admin';
import { buyingGroupChoices, type BuyingGroup } from '../../../../../core/schemas/buying-group';
import { AddressFields } from '../../../components/address-fields';
import { Alert } from '../../../components/ui/alert';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useFormState } from '../../../hooks/use-form-state';
import { isCallableError } from '../../../lib/callable-error';
import { checkForm, foldListErrors, formMessageFor, serverFormErrors, type FormErrors } from '../../../lib/form-errors';
import { createInputOf, paymentTermsError, practiceValuesOf, updateInputOf } from './practice-values';
import layout from '../../../components/form-layout.module.css';

const LIST_FIELDS = ['additionalAccounts'];
const STATUS_OPTIONS = CUSTOMER_STATUSES.map((status) => ({
  value: status,
  label: status === 'active' ? 'Active' : 'Inactive',
}));

/** Creating sends createCustomer's input, editing updateCustomer's (with the version read). */
export type PracticeFormMode =
  | { kind: 'create'; onSubmit: (input: CreateCustomerInput) => Promise<unknown> }
  | { kind: 'edit'; customer: CustomerDetail; onSubmit: (input: UpdateCustomerInput) => Promise<unknown> };

export interface PracticeFormProps {
  id: string;
  mode: PracticeFormMode;
  buyingGroups: readonly BuyingGroup[];
  /** Edit mode: the practice changed elsewhere (409); the page offers to reload it. */
  conflict?: ReactNode;
  onConflict?: () => void;
  onBusyChange?: (busy: boolean) => void;
}

/**
 * Creates or edits a practice (Customer Management): account number (unique; the server's message shows
 * beside the field when it is taken), name, phone, fax, shipping and optional billing address, pricing,
 * buying group, other account numbers and status. Checked with the route's own schema; the submit button
 * lives in the dialog or card around it (`form={id}`).
 */
export function PracticeForm({ id, mode, buyingGroups, conflict, onConflict, onBusyChange }: PracticeFormProps) {
  const form = useFormState(practiceValuesOf(mode.kind === 'edit' ? mode.customer : undefined), { formId: id });
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editing = mode.kind === 'edit';

  const show = (errors: FormErrors) => form.showErrors(foldListErrors(errors, LIST_FIELDS));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const checked =
      mode.kind === 'edit'
        ? checkForm(updateCustomerInputSchema, updateInputOf(form.values, mode.customer.version))
        : checkForm(createCustomerInputSchema, createInputOf(form.values));
    const termsError = paymentTermsError(form.values);
    if (!checked.ok || termsError) {
      show({ ...(checked.ok ? {} : checked.errors), ...(termsError ? { paymentTermsDays: termsError } : {}) });
      setFormError('Please correct the fields marked below.');
      return;
    }
    setBusy(true);
    onBusyChange?.(true);
    try {
      // The form's own values are sent: the server parses them with the same schema.
      if (mode.kind === 'edit') await mode.onSubmit(updateInputOf(form.values, mode.customer.version));
      else await mode.onSubmit(createInputOf(form.values));
    } catch (error) {
      if (mode.kind === 'edit' && isCallableError(error) && error.status === 'aborted') {
        onConflict?.();
      } else {
        // Creating: a taken account number is a 409 about the account number field.
        const fieldErrors = serverFormErrors(error, editing ? {} : { conflictField: 'accountNumber' });
        show(fieldErrors);
        setFormError(formMessageFor(error, fieldErrors, 'The practice could not be saved.'));
      }
    } finally {
      setBusy(false);
      onBusyChange?.(false);
    }
  }

  // A deactivated group is offered only to a practice already in it (docs/decisions.md "Buying groups").
  const current = mode.kind === 'edit' ? mode.customer.buyingGroupId : undefined;
  const groupOptions = buyingGroupChoices(buyingGroups, current).map((group) => ({
    value: group.buyingGroupId,
    label: group.name,
  }));
  return (
    <form id={id} className={layout.form} onSubmit={(e) => void submit(e)} noValidate>
      {conflict}
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <fieldset className={layout.section}>
        <legend className={layout.legend}>Practice</legend>
        <div className={layout.row}>
          <TextField
            label="Account number"
            autoComplete="off"
            required
            readOnly={editing}
            hint={editing ? 'An account number cannot change.' : 'Letters, digits and dashes, e.g. BV-1004.'}
            {...form.field('accountNumber')}
          />
          <SelectField label="Status" options={STATUS_OPTIONS} {...form.field('status')} />
        </div>
        <TextField label="Practice name" autoComplete="off" required {...form.field('company')} />
        <div className={layout.row}>
          <TextField label="Phone" type="tel" autoComplete="off" required {...form.field('phone')} />
          <TextField label="Fax (optional)" type="tel" autoComplete="off" {...form.field('faxNumber')} />
        </div>
        <div className={layout.row}>
          <SelectField
            label="Buying group (optional)"
            placeholder="None"
            options={groupOptions}
            {...form.field('buyingGroupId')}
          />
          <TextField
            label="Other account numbers (optional)"
            autoComplete="off"
            hint="The practice's other locations, separated by commas."
            {...form.field('additionalAccounts')}
          />
        </div>
        <CheckboxField
          label="Show prices to this practice"
          hint="When off, the practice sees 'Prices on request'."
          {...form.checkbox('pricingAllowed')}
        />
        <div className={layout.row}>
          <TextField
            label="Payment terms (days)"
            inputMode="numeric"
            autoComplete="off"
            maxLength={3}
            hint="Days from an invoice's issue to its due date (net terms)."
            {...form.field('paymentTermsDays')}
          />
        </div>
      </fieldset>
      <fieldset className={layout.section}>
        <legend className={layout.legend}>Shipping address</legend>
        <AddressFields field={form.field} prefix="shippingAddress" section="shipping" />
      </fieldset>
      <CheckboxField label="The billing address is different" {...form.checkbox('hasBillingAddress')} />
      {form.values.hasBillingAddress ? (
        <fieldset className={layout.section}>
          <legend className={layout.legend}>Billing address</legend>
          <AddressFields field={form.field} prefix="billingAddress" section="billing" />
        </fieldset>
      ) : null}
    </form>
  );
}
