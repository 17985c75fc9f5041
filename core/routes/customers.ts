import { defineRoutes } from '../define-routes';
import { CUSTOMER, CUSTOMER_OR_ADMIN, PRACTICE_OR_SUPER_ADMIN, SIGNED_IN, SUPER_ADMIN } from './access-groups';
import * as z from '../zod';
import {
  practiceAccountInputSchema,
  practicePeopleSchema,
  practicePersonSchema,
  removePracticePersonInputSchema,
  setPracticeRolesInputSchema,
} from '../schemas/customers/practice-people';
import {
  billingContactsSchema,
  getBillingContactsInputSchema,
  updateBillingContactsInputSchema,
} from '../schemas/customers/billing-contacts';
import {
  buyingGroupListSchema,
  buyingGroupSchema,
  createBuyingGroupInputSchema,
  updateBuyingGroupInputSchema,
} from '../schemas/customers/buying-group';
import { emptyInputSchema } from '../schemas/common';
import {
  accountLinkInputSchema,
  accountLinksOutputSchema,
  createCustomerInputSchema,
  customerDetailSchema,
  getCustomerInputSchema,
  getCustomerOutputSchema,
  listCustomersInputSchema,
  listCustomersOutputSchema,
  updateCustomerInputSchema,
} from '../schemas/customers/customer-admin';
import { customerInfoInputSchema, customerInfoSchema } from '../schemas/customers/customer-info';

/** Practices and their account numbers (Customer Management; super admins only), the buying groups super
 * admins keep (spec 7 GET customer/buyinggroups), and a practice's own customer info. */
export const customerRoutes = defineRoutes('customers', {
  listBuyingGroups: {
    input: emptyInputSchema,
    output: buyingGroupListSchema,
    // The account request form (spec 7 GET customer/buyinggroups) is filled in before an account exists.
    access: SIGNED_IN,
    customerApi: true,
    resources: { tables: { referenceData: 'read' } },
  },
  getCustomerInfo: {
    input: customerInfoInputSchema,
    output: customerInfoSchema,
    access: ['customer'],
    customerApi: true,
    // The browser loads it with the profile to derive the spec 4 status, terms or not; it answers only the
    // caller's own accounts, and every order, invoice and credit route stays closed until the terms are accepted.
    allowBeforeTerms: true,
    resources: { tables: { users: 'read', customers: 'read', orders: 'read', counters: 'read' } },
  },
  listCustomers: {
    input: listCustomersInputSchema,
    output: listCustomersOutputSchema,
    access: SUPER_ADMIN,
    resources: { tables: { customers: 'read' } },
  },
  getCustomer: {
    input: getCustomerInputSchema,
    output: getCustomerOutputSchema,
    access: SUPER_ADMIN,
    resources: { tables: { customers: 'read', users: 'read' } },
  },
  createCustomer: {
    input: createCustomerInputSchema,
    output: customerDetailSchema,
    access: SUPER_ADMIN,
    resources: { tables: { customers: 'readWrite', referenceData: 'read' } },
  },
  updateCustomer: {
    input: updateCustomerInputSchema,
    output: customerDetailSchema,
    access: SUPER_ADMIN,
    resources: { tables: { customers: 'readWrite', referenceData: 'read' } },
  },
  createBuyingGroup: {
    input: createBuyingGroupInputSchema,
    output: buyingGroupSchema,
    access: SUPER_ADMIN,
    resources: { tables: { referenceData: 'readWrite' } },
  },
  updateBuyingGroup: {
    input: updateBuyingGroupInputSchema,
    output: buyingGroupSchema,
    access: SUPER_ADMIN,
    resources: { tables: { referenceData: 'readWrite' } },
  },
  linkUserToAccount: {
    input: accountLinkInputSchema,
    output: accountLinksOutputSchema,
    access: SUPER_ADMIN,
    resources: { tables: { users: 'readWrite', customers: 'readWrite' } },
  },
  unlinkUserFromAccount: {
    input: accountLinkInputSchema,
    output: accountLinksOutputSchema,
    access: SUPER_ADMIN,
    resources: { tables: { users: 'readWrite', customers: 'readWrite' } },
  },
  /** A practice's people and their roles (docs/decisions/0112-practice-roles.md). */
  listPracticePeople: {
    input: practiceAccountInputSchema,
    output: practicePeopleSchema,
    access: PRACTICE_OR_SUPER_ADMIN,
    practice: 'people',
    resources: { tables: { users: 'read', customers: 'read' } },
  },
  setPracticeRoles: {
    input: setPracticeRolesInputSchema,
    output: practicePersonSchema,
    access: PRACTICE_OR_SUPER_ADMIN,
    practice: 'people',
    resources: { tables: { users: 'readWrite', customers: 'read' } },
  },
  /** Unlinks a person from the practice and ends their sessions (tokens: the revocation record). */
  removePracticePerson: {
    input: removePracticePersonInputSchema,
    output: z.object({ removed: z.literal(true) }),
    access: PRACTICE_OR_SUPER_ADMIN,
    practice: 'people',
    resources: { tables: { users: 'readWrite', customers: 'readWrite', tokens: 'write' } },
  },
  // Billing contacts (docs/decisions/0109-billing-contacts.md): the lab reads them, only the practice edits them.
  getBillingContacts: {
    input: getBillingContactsInputSchema,
    output: billingContactsSchema,
    access: CUSTOMER_OR_ADMIN,
    practice: 'money',
    // users: the accounts the caller is linked to.
    resources: { tables: { customers: 'read', users: 'read' } },
  },
  updateBillingContacts: {
    input: updateBillingContactsInputSchema,
    output: billingContactsSchema,
    access: CUSTOMER,
    practice: 'money',
    resources: { tables: { customers: 'readWrite', users: 'read' } },
  },
});
