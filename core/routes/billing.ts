import { defineRoutes } from '../define-routes';
import { ADMIN, BILLING, CUSTOMER_OR_ADMIN, SUPER_ADMIN } from './access-groups';
import { emptyInputSchema } from '../schemas/common';
import { billingSettingsSchema, updateBillingSettingsInputSchema } from '../schemas/billing-settings';
import {
  accountStandingInputSchema,
  accountStandingSchema,
  creditHoldListSchema,
  releaseCreditHoldInputSchema,
  setCreditHoldInputSchema,
} from '../schemas/credit-hold';

/**
 * The lab's billing settings (reminders, finance charge, automatic hold) and credit hold
 * (docs/decisions/0110-payment-reminders-and-the-finance-charge.md, docs/decisions/0111-credit-hold.md).
 */
export const billingRoutes = defineRoutes('billing', {
  getBillingSettings: {
    input: emptyInputSchema,
    output: billingSettingsSchema,
    access: ADMIN,
    resources: { tables: { referenceData: 'read' } },
  },
  updateBillingSettings: {
    input: updateBillingSettingsInputSchema,
    output: billingSettingsSchema,
    access: SUPER_ADMIN,
    resources: { tables: { referenceData: 'readWrite' } },
  },
  getAccountStanding: {
    input: accountStandingInputSchema,
    output: accountStandingSchema,
    access: CUSTOMER_OR_ADMIN,
    // users: the accounts the caller is linked to.
    resources: { tables: { customers: 'read', users: 'read' } },
  },
  listCreditHolds: {
    input: emptyInputSchema,
    output: creditHoldListSchema,
    access: ADMIN,
    resources: { tables: { customers: 'read' } },
  },
  setCreditHold: {
    input: setCreditHoldInputSchema,
    output: accountStandingSchema,
    access: BILLING,
    // users: the billing staff member's name, kept on the hold.
    resources: { tables: { customers: 'readWrite', users: 'read' } },
  },
  releaseCreditHold: {
    input: releaseCreditHoldInputSchema,
    output: accountStandingSchema,
    access: BILLING,
    resources: { tables: { customers: 'readWrite' } },
  },
});
