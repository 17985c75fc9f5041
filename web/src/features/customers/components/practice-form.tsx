import { FORM_MESSAGES } from '../../../../../core/messages';
import { useEffect, useRef, type ReactNode } from 'react';
import {
  CUSTOMER_STATUSES,
  createCustomerInputSchema,
  updateCustomerInputSchema,
  type CreateCustomerInput,
  type CustomerDetail,
  type UpdateCustomerInput,
} from '../../../../../core/schemas/customers/customer-admin';
import { buyingGroupChoices, type BuyingGroup } from '../../../../../core/schemas/customers/buying-group';
import { AddressFields } from '../../../components/address-fields';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { FormError } from '../../../forms/form-error';
import { usePortalForm } from '../../../forms/use-portal-form';
import type { FormErrors } from '../../../lib/form-errors';
import { createInputOf, paymentTermsError, practiceValuesOf, updateInputOf } from './practice-values';
import layout from '../../../components/form-layout.module.css';
import { WHOLE_NUMBER_INPUT } from '../../../forms/number-inputs';

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
  const editing = mode.kind === 'edit';
  const form = usePortalForm({
    formId: id,
    initial: practiceValuesOf(mode.kind === 'edit' ? mode.customer : undefined),
    schema: editing ? updateCustomerInputSchema : createCustomerInputSchema,
    input: (values) => (mode.kind === 'edit' ? updateInputOf(values, mode.customer.version) : createInputOf(values)),
    check: (values): FormErrors => {
      const termsError = paymentTermsError(values);
      return termsError ? { paymentTermsDays: termsError } : {};
    },
    listFields: LIST_FIELDS,
    invalidMessage: FORM_MESSAGES.correctMarkedFields,
    failureMessage: 'The practice could not be saved.',
    // Creating: a taken account number is a 409 about the account number field.
    ...(editing ? { onConflict: () => onConflict?.() } : { conflictField: 'accountNumber' }),
    // The form's own values are sent: the server parses them with the same schema.
    submit: (_checked, values) =>
      mode.kind === 'edit'
        ? mode.onSubmit(updateInputOf(values, mode.customer.version))
        : mode.onSubmit(createInputOf(values)),
  });
  const { busy } = form;
  const busyChanged = useRef(busy);
  useEffect(() => {
    if (busyChanged.current === busy) return;
    busyChanged.current = busy;
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  // A deactivated group is offered only to a practice already in it (docs/decisions/0034-buying-groups.md).
  const current = mode.kind === 'edit' ? mode.customer.buyingGroupId : undefined;
  const groupOptions = buyingGroupChoices(buyingGroups, current).map((group) => ({
    value: group.buyingGroupId,
    label: group.name,
  }));
  return (
    <form id={id} className={layout.form} onSubmit={form.submit} noValidate>
      {conflict}
      <FormError message={form.formError} />
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
            {...WHOLE_NUMBER_INPUT}
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
