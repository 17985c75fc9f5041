import { FIELD_MESSAGES } from '../../../../../core/messages';
import type {
  CreateCustomerInput,
  CustomerDetail,
  UpdateCustomerInput,
} from '../../../../../core/schemas/customers/customer-admin';
import type { PostalAddress } from '../../../../../core/schemas/customers/customer-info';
import { DEFAULT_PAYMENT_TERMS_DAYS } from '../../../../../core/schemas/money';

const emptyAddress = { address: '', apt: '', city: '', state: '', zip: '', country: '' };

const addressValues = (address: PostalAddress | undefined) => ({
  ...emptyAddress,
  ...Object.fromEntries(Object.entries(address ?? {}).map(([key, value]) => [key, value ?? ''])),
});

/** A practice as the form edits it: strings and booleans, addresses as nested objects. */
export function practiceValuesOf(customer?: CustomerDetail) {
  return {
    accountNumber: customer?.accountNumber ?? '',
    company: customer?.company ?? '',
    phone: customer?.phone ?? '',
    faxNumber: customer?.faxNumber ?? '',
    shippingAddress: addressValues(customer?.shippingAddress),
    hasBillingAddress: Boolean(customer?.billingAddress),
    billingAddress: addressValues(customer?.billingAddress),
    pricingAllowed: customer?.pricingAllowed ?? false,
    /** Comma- or space-separated in the form, a list in the request. */
    additionalAccounts: (customer?.additionalAccounts ?? []).join(', '),
    buyingGroupId: customer?.buyingGroupId ?? '',
    status: customer?.status === 'inactive' ? 'inactive' : 'active',
    /** Net terms: days from an invoice's issue to its due date. */
    paymentTermsDays: String(customer?.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS),
  };
}

export type PracticeValues = ReturnType<typeof practiceValuesOf>;

const accountList = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((account) => account.trim())
    .filter(Boolean);

const NUMBER = /^\s*-?\d+(\.\d+)?\s*$/;

/** The payment terms typed, as the number the schema checks (whole, 0 to 180); blank: left out. */
const termsDays = (text: string) => (NUMBER.test(text) ? { paymentTermsDays: Number(text) } : {});

/** The message for payment terms that are not a number at all (the schema checks the number's range). */
export function paymentTermsError(values: PracticeValues): string | undefined {
  const text = values.paymentTermsDays.trim();
  return text && !NUMBER.test(text) ? FIELD_MESSAGES.paymentTermsWhole : undefined;
}

/** The createCustomer input for the form's values. */
export function createInputOf(values: PracticeValues): CreateCustomerInput {
  return {
    accountNumber: values.accountNumber,
    company: values.company,
    phone: values.phone,
    faxNumber: values.faxNumber,
    shippingAddress: values.shippingAddress,
    ...(values.hasBillingAddress ? { billingAddress: values.billingAddress } : {}),
    pricingAllowed: values.pricingAllowed,
    additionalAccounts: accountList(values.additionalAccounts),
    ...(values.buyingGroupId ? { buyingGroupId: values.buyingGroupId } : {}),
    status: values.status as 'active' | 'inactive',
    ...termsDays(values.paymentTermsDays),
  };
}

/** The updateCustomer input: every field (so clearing one clears it), with the version that was read. */
export function updateInputOf(values: PracticeValues, version: number): UpdateCustomerInput {
  return {
    accountNumber: values.accountNumber,
    version,
    company: values.company,
    phone: values.phone,
    faxNumber: values.faxNumber,
    shippingAddress: values.shippingAddress,
    billingAddress: values.hasBillingAddress ? values.billingAddress : null,
    pricingAllowed: values.pricingAllowed,
    additionalAccounts: accountList(values.additionalAccounts),
    buyingGroupId: values.buyingGroupId || null,
    status: values.status as 'active' | 'inactive',
    ...termsDays(values.paymentTermsDays),
  };
}
