import { defineRoutes } from '../define-routes';
import { ADMIN, BILLING, CUSTOMER, CUSTOMER_OR_ADMIN, SUPER_ADMIN } from './access-groups';
import { emptyInputSchema } from '../schemas/common';
import {
  accountInputSchema,
  claimVersionInputSchema,
  creditApprovalPageSchema,
  creditApprovalSchema,
  creditSettingsSchema,
  decideCreditApprovalInputSchema,
  grantGoodwillCreditOutputSchema,
  listCreditApprovalsInputSchema,
  updateCreditSettingsInputSchema,
  creditLedgerCsvSchema,
  creditLedgerPageSchema,
  creditSummarySchema,
  customerWarrantyClaimSchema,
  decideWarrantyClaimInputSchema,
  grantGoodwillCreditInputSchema,
  listCreditLedgerInputSchema,
  listWarrantyClaimsInputSchema,
  submitWarrantyClaimInputSchema,
  warrantyClaimPageSchema,
  warrantyClaimSchema,
} from '../schemas/credit';

/** Lens Credit: the ledger, lenses in warranty, claims. */
/**
 * A claim decided or its lens received: the claim, the credit it grants and the email to the practice (an
 * outbox message) move together; users: the submitter's address.
 */
const CLAIM_DECISION_RESOURCES = {
  tables: {
    warrantyClaims: 'readWrite',
    creditLedger: 'readWrite',
    outbox: 'write',
    users: 'read',
  },
} as const;

export const creditRoutes = defineRoutes('credit', {
  getCreditSummary: {
    input: accountInputSchema,
    output: creditSummarySchema,
    access: CUSTOMER_OR_ADMIN,
    practice: 'money',
    // orders: shipped lenses in their window; counters: exchanges used per lens.
    resources: {
      tables: {
        creditLedger: 'read',
        orders: 'read',
        warrantyClaims: 'read',
        counters: 'read',
        users: 'read',
      },
    },
  },
  listCreditLedger: {
    input: listCreditLedgerInputSchema,
    output: creditLedgerPageSchema,
    access: CUSTOMER_OR_ADMIN,
    practice: 'money',
    resources: { tables: { creditLedger: 'read', users: 'read' } },
  },
  exportCreditLedger: {
    input: accountInputSchema,
    output: creditLedgerCsvSchema,
    access: CUSTOMER_OR_ADMIN,
    practice: 'money',
    resources: { tables: { creditLedger: 'read', users: 'read' } },
  },
  submitWarrantyClaim: {
    input: submitWarrantyClaimInputSchema,
    output: customerWarrantyClaimSchema,
    access: CUSTOMER,
    practice: 'orders',
    resources: {
      // counters: a lens a warranty remake replaced (its `remade#` mark) is not claimed; outbox: the lab's email.
      tables: { warrantyClaims: 'readWrite', orders: 'read', counters: 'read', users: 'read', outbox: 'write' },
    },
  },
  listWarrantyClaims: {
    input: listWarrantyClaimsInputSchema,
    output: warrantyClaimPageSchema,
    access: ADMIN,
    resources: { tables: { warrantyClaims: 'read' } },
  },
  decideWarrantyClaim: {
    input: decideWarrantyClaimInputSchema,
    output: warrantyClaimSchema,
    access: ADMIN,
    // counters: an approval re-checks that no warranty remake replaced the lens since the claim was filed.
    resources: { ...CLAIM_DECISION_RESOURCES, tables: { ...CLAIM_DECISION_RESOURCES.tables, counters: 'read' } },
  },
  markClaimReturnReceived: {
    input: claimVersionInputSchema,
    output: warrantyClaimSchema,
    access: ADMIN,
    resources: CLAIM_DECISION_RESOURCES,
  },
  grantGoodwillCredit: {
    input: grantGoodwillCreditInputSchema,
    output: grantGoodwillCreditOutputSchema,
    access: BILLING,
    // referenceData: the threshold above which the grant waits for a second super admin; outbox: the email
    // to the practice, stored with the grant.
    resources: {
      tables: {
        creditLedger: 'readWrite',
        outbox: 'write',
        customers: 'read',
        users: 'read',
        referenceData: 'read',
      },
    },
  },
  /** Credit above the threshold, waiting for a second super admin (docs/decisions/0092-large-credit-needs-a-second-super-admin.md). */
  listCreditApprovals: {
    input: listCreditApprovalsInputSchema,
    output: creditApprovalPageSchema,
    access: SUPER_ADMIN,
    resources: { tables: { creditLedger: 'read' } },
  },
  decideCreditApproval: {
    input: decideCreditApprovalInputSchema,
    output: creditApprovalSchema,
    access: SUPER_ADMIN,
    // outbox: an approved goodwill grant emails the practice, as a grant under the threshold does.
    resources: { tables: { creditLedger: 'readWrite', outbox: 'write', users: 'read' } },
  },
  getCreditSettings: {
    input: emptyInputSchema,
    output: creditSettingsSchema,
    access: BILLING,
    resources: { tables: { referenceData: 'read' } },
  },
  updateCreditSettings: {
    input: updateCreditSettingsInputSchema,
    output: creditSettingsSchema,
    access: SUPER_ADMIN,
    resources: { tables: { referenceData: 'readWrite' } },
  },
});
