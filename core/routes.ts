import { z } from 'zod';
import { defineRoute } from './route-definition';
import { auditEventPageSchema, listAuditEventsInputSchema } from './schemas/audit';
import { emptyInputSchema } from './schemas/common';
import { myProfileSchema } from './schemas/user-profile';
import {
  buyingGroupListSchema,
  buyingGroupSchema,
  createBuyingGroupInputSchema,
  updateBuyingGroupInputSchema,
} from './schemas/buying-group';
import { signUpInputSchema, signUpOutputSchema } from './schemas/sign-up';
import { acceptTermsOutputSchema } from './schemas/terms';
import { customerInfoInputSchema, customerInfoSchema } from './schemas/customer-info';
import { getMyActivityOutputSchema, putActivityInputSchema, putActivityOutputSchema } from './schemas/user-activity';
import { checkEmailExistsInputSchema, checkEmailExistsOutputSchema, signOutOutputSchema } from './schemas/session';
import {
  adminResetPasswordInputSchema,
  adminResetPasswordOutputSchema,
  adminUserDetailSchema,
  createUserInputSchema,
  createUserOutputSchema,
  deleteUserInputSchema,
  deleteUserOutputSchema,
  getUserByUidInputSchema,
  overrideEmailVerificationInputSchema,
  overrideEmailVerificationOutputSchema,
  setRoleInputSchema,
  setRoleOutputSchema,
  updateUserStatusInputSchema,
  updateUserStatusOutputSchema,
  userListInputSchema,
  userListOutputSchema,
} from './schemas/user-admin';
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
} from './schemas/customer-admin';
import {
  accountRequestFormSchema,
  approveAccountRequestInputSchema,
  approveAccountRequestOutputSchema,
  getMyAccountRequestOutputSchema,
  listAccountRequestsInputSchema,
  listAccountRequestsOutputSchema,
  rejectAccountRequestInputSchema,
  rejectAccountRequestOutputSchema,
  submitAccountRequestOutputSchema,
} from './schemas/account-request';
import { updateMyProfileInputSchema } from './schemas/profile-update';
import { userProfileSchema } from './schemas/user-profile';
import {
  createLensDesignInputSchema,
  lensDesignSchema,
  listLensDesignsInputSchema,
  listLensDesignsOutputSchema,
  updateLensDesignInputSchema,
} from './schemas/lens';
import {
  adminDashboardSchema,
  approveOrderInputSchema,
  cancelOrderInputSchema,
  closeOrderInputSchema,
  holdOrderInputSchema,
  listAccountOrdersInputSchema,
  listOrdersInputSchema,
  orderIdInputSchema,
  orderPageSchema,
  orderSchema,
  rejectOrderInputSchema,
  resubmitOrderInputSchema,
  saveOrderDraftInputSchema,
  saveOrderDraftOutputSchema,
  submitOrderInputSchema,
} from './schemas/order';
import {
  confirmOrderFileOutputSchema,
  deleteOrderFileOutputSchema,
  generateDownloadUrlOutputSchema,
  generateUploadUrlInputSchema,
  generateUploadUrlOutputSchema,
  listOrderFilesInputSchema,
  listOrderFilesOutputSchema,
  orderFileInputSchema,
} from './schemas/attachments';
import {
  labNotificationSettingsSchema,
  listEmailTemplatesOutputSchema,
  emailTemplateSchema,
  previewEmailTemplateInputSchema,
  previewEmailTemplateOutputSchema,
  sendEmailInputSchema,
  sendEmailOutputSchema,
  sendTestEmailInputSchema,
  sendTestEmailOutputSchema,
  updateEmailTemplateInputSchema,
  updateLabNotificationSettingsInputSchema,
} from './schemas/email';
import {
  createInvoiceInputSchema,
  customerInvoiceSchema,
  documentUrlOutputSchema,
  getInvoiceInputSchema,
  invoiceListOutputSchema,
  invoicePageSchema,
  invoiceSchema,
  listAccountInvoicesInputSchema,
  listInvoicesInputSchema,
  recordOfflinePaymentInputSchema,
  voidInvoiceInputSchema,
} from './schemas/invoice';
import { paymentIdInputSchema, paymentViewSchema, startPaymentInputSchema } from './schemas/payment';
import {
  accountInputSchema,
  claimVersionInputSchema,
  creditEntryOutputSchema,
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
} from './schemas/credit';
import {
  consultantSetupSchema,
  consultFileInputSchema,
  consultIdInputSchema,
  consultPageSchema,
  consultSchema,
  consultUploadUrlInputSchema,
  customerConsultPageSchema,
  customerConsultSchema,
  linkConsultInputSchema,
  listAccountConsultsInputSchema,
  listConsultsInputSchema,
  replyToConsultInputSchema,
  submitConsultInputSchema,
  submitPublicConsultInputSchema,
  submitPublicConsultOutputSchema,
  troubleshooterSettingsSchema,
  updateTroubleshooterSettingsInputSchema,
} from './schemas/consult';

const SIGNED_IN = ['customer', 'admin', 'superadmin'] as const;
/** spec 6: super admins manage users and customers. */
const SUPER_ADMIN = ['superadmin'] as const;
/** spec 6: admins (and super admins, who are also in `admin`) approve orders. */
const ADMIN = ['admin'] as const;
const CUSTOMER = ['customer'] as const;
/** The practice that owns an order, or the lab. */
const CUSTOMER_OR_ADMIN = ['customer', 'admin'] as const;

/**
 * One of the lab's order decisions (approve, hold, reject, close): admins only, one lifecycle transaction on
 * the order and its counters, and the practice's email from its template.
 */
function labOrderAction<I extends z.ZodType>(name: string, input: I, handler: string) {
  return defineRoute({
    name,
    input,
    output: orderSchema,
    access: ADMIN,
    handler,
    resources: {
      // invoices + customers: closing with an invoice number issues the invoice (net terms of the practice).
      tables: {
        orders: 'readWrite',
        counters: 'readWrite',
        invoices: 'readWrite',
        customers: 'read',
        users: 'read',
        emailTemplates: 'read',
        tokens: 'read',
      },
      email: true,
    },
  });
}

/** What every money route that settles a payment touches: one transaction over these three tables. */
const SETTLEMENT_TABLES = {
  invoices: 'readWrite',
  payments: 'readWrite',
  creditLedger: 'readWrite',
  users: 'read',
  customers: 'read',
  emailTemplates: 'read',
  tokens: 'read',
} as const;

/**
 * The route table: the one list the CDK stack, the local gateway, the web API client and the
 * security tests all read. A new operation is one entry here plus its handler module.
 */
export const ROUTES = {
  getMyProfile: defineRoute({
    name: 'getMyProfile',
    input: emptyInputSchema,
    output: myProfileSchema,
    access: SIGNED_IN,
    handler: 'profile/get-my-profile',
    // Needed to reach the spec 4/6 states (terms, email verification): answered before them.
    allowBeforeTerms: true,
    resources: { tables: { users: 'read', tokens: 'read' } },
  }),
  listBuyingGroups: defineRoute({
    name: 'listBuyingGroups',
    input: emptyInputSchema,
    output: buyingGroupListSchema,
    // The account request form (spec 7 GET customer/buyinggroups) is filled in before an account exists.
    access: SIGNED_IN,
    handler: 'customers/list-buying-groups',
    resources: { tables: { referenceData: 'read', tokens: 'read' } },
  }),
  // Issue 3, identity and session. Every signed-in route reads `tokens`: the handler wrapper refuses
  // tokens of sessions ended by signOut (lambdas/auth/session-revocation.ts).
  signUp: defineRoute({
    name: 'signUp',
    input: signUpInputSchema,
    output: signUpOutputSchema,
    access: 'public',
    handler: 'auth/sign-up',
    // tokens: the one-notice-per-hour limit for emails that already have an account; email: that notice.
    resources: {
      tables: { users: 'write', tokens: 'readWrite' },
      userPool: ['AdminAddUserToGroup', 'AdminDeleteUser'],
      email: true,
    },
    rateLimit: 5,
  }),
  acceptTerms: defineRoute({
    name: 'acceptTerms',
    input: emptyInputSchema,
    output: acceptTermsOutputSchema,
    access: SIGNED_IN,
    handler: 'profile/accept-terms',
    // Needed to reach the spec 4/6 states (terms, email verification): answered before them.
    allowBeforeTerms: true,
    resources: { tables: { users: 'readWrite', tokens: 'read' } },
  }),
  getCustomerInfo: defineRoute({
    name: 'getCustomerInfo',
    input: customerInfoInputSchema,
    output: customerInfoSchema,
    access: ['customer'],
    handler: 'customers/get-customer-info',
    // The browser loads it with the profile to derive the spec 4 status, terms or not; it answers only the
    // caller's own accounts, and every order, invoice and credit route stays closed until the terms are accepted.
    allowBeforeTerms: true,
    resources: { tables: { users: 'read', customers: 'read', orders: 'read', counters: 'read', tokens: 'read' } },
  }),
  putActivity: defineRoute({
    name: 'putActivity',
    input: putActivityInputSchema,
    output: putActivityOutputSchema,
    access: SIGNED_IN,
    handler: 'activity/put-activity',
    // Needed to reach the spec 4/6 states (terms, email verification): answered before them.
    allowBeforeTerms: true,
    resources: { tables: { userActivity: 'write', tokens: 'read' } },
  }),
  getMyActivity: defineRoute({
    name: 'getMyActivity',
    input: emptyInputSchema,
    output: getMyActivityOutputSchema,
    access: SIGNED_IN,
    handler: 'activity/get-my-activity',
    // Needed to reach the spec 4/6 states (terms, email verification): answered before them.
    allowBeforeTerms: true,
    // The caller's own record: the browser's session timers read it to show their own 'session expired'.
    allowWhenIdle: true,
    resources: { tables: { userActivity: 'read', tokens: 'read' } },
  }),
  signOut: defineRoute({
    name: 'signOut',
    input: emptyInputSchema,
    output: signOutOutputSchema,
    access: SIGNED_IN,
    handler: 'auth/sign-out',
    // Ending one's sessions is always allowed.
    allowBeforeTerms: true,
    allowWhenIdle: true,
    resources: { tables: { tokens: 'readWrite' }, userPool: ['AdminUserGlobalSignOut'] },
  }),
  checkEmailExists: defineRoute({
    name: 'checkEmailExists',
    input: checkEmailExistsInputSchema,
    output: checkEmailExistsOutputSchema,
    access: 'public',
    handler: 'auth/check-email-exists',
    // tokens: the per-email and per-address rate-limit windows.
    resources: { tables: { tokens: 'readWrite' }, userPool: ['ListUsers'] },
    rateLimit: 5,
  }),

  // Issue 4, users (spec 6/7 server functions, same names; super admins only). Routes that end a user's
  // sessions write `tokens` (revocation records; the last-super-admin lock).
  createUser: defineRoute({
    name: 'createUser',
    input: createUserInputSchema,
    output: createUserOutputSchema,
    access: SUPER_ADMIN,
    handler: 'users/create-user',
    // email: the invitation with the portal's address (the `user-invited` template).
    resources: {
      tables: { users: 'write', emailTemplates: 'read', tokens: 'read' },
      userPool: ['AdminCreateUser', 'AdminSetUserPassword', 'AdminAddUserToGroup', 'AdminDeleteUser'],
      email: true,
    },
  }),
  deleteUser: defineRoute({
    name: 'deleteUser',
    input: deleteUserInputSchema,
    output: deleteUserOutputSchema,
    access: SUPER_ADMIN,
    handler: 'users/delete-user',
    resources: {
      tables: { users: 'write', userActivity: 'write', tokens: 'readWrite' },
      userPool: [
        'AdminGetUser',
        'AdminListGroupsForUser',
        'ListUsersInGroup',
        'AdminDeleteUser',
        'AdminUserGlobalSignOut',
      ],
    },
  }),
  updateUserStatus: defineRoute({
    name: 'updateUserStatus',
    input: updateUserStatusInputSchema,
    output: updateUserStatusOutputSchema,
    access: SUPER_ADMIN,
    handler: 'users/update-user-status',
    resources: {
      tables: { tokens: 'readWrite' },
      userPool: [
        'AdminGetUser',
        'AdminListGroupsForUser',
        'ListUsersInGroup',
        'AdminDisableUser',
        'AdminEnableUser',
        'AdminUserGlobalSignOut',
      ],
    },
  }),
  overrideEmailVerification: defineRoute({
    name: 'overrideEmailVerification',
    input: overrideEmailVerificationInputSchema,
    output: overrideEmailVerificationOutputSchema,
    access: SUPER_ADMIN,
    handler: 'users/override-email-verification',
    resources: { tables: { tokens: 'read' }, userPool: ['AdminGetUser', 'AdminUpdateUserAttributes'] },
  }),
  adminResetPassword: defineRoute({
    name: 'adminResetPassword',
    input: adminResetPasswordInputSchema,
    output: adminResetPasswordOutputSchema,
    access: SUPER_ADMIN,
    handler: 'users/admin-reset-password',
    resources: {
      tables: { tokens: 'readWrite' },
      userPool: ['AdminGetUser', 'AdminSetUserPassword', 'AdminUserGlobalSignOut'],
    },
  }),
  getAdminUsers: defineRoute({
    name: 'getAdminUsers',
    input: userListInputSchema,
    output: userListOutputSchema,
    access: SUPER_ADMIN,
    handler: 'users/get-admin-users',
    resources: {
      // emailSuppressions: the row says when the portal no longer mails the user (a bounce or a complaint).
      tables: { users: 'read', userActivity: 'read', tokens: 'read', emailSuppressions: 'read' },
      userPool: ['ListUsersInGroup', 'ListUsers', 'AdminListGroupsForUser'],
    },
  }),
  getCustomerUsers: defineRoute({
    name: 'getCustomerUsers',
    input: userListInputSchema,
    output: userListOutputSchema,
    access: SUPER_ADMIN,
    handler: 'users/get-customer-users',
    resources: {
      // emailSuppressions: the row says when the portal no longer mails the user (a bounce or a complaint).
      tables: { users: 'read', userActivity: 'read', tokens: 'read', emailSuppressions: 'read' },
      userPool: ['ListUsersInGroup', 'ListUsers', 'AdminListGroupsForUser'],
    },
  }),
  getUserByUid: defineRoute({
    name: 'getUserByUid',
    input: getUserByUidInputSchema,
    output: adminUserDetailSchema,
    access: SUPER_ADMIN,
    handler: 'users/get-user-by-uid',
    resources: {
      // emailSuppressions: the row says when the portal no longer mails the user (a bounce or a complaint).
      tables: { users: 'read', userActivity: 'read', tokens: 'read', emailSuppressions: 'read' },
      userPool: ['AdminGetUser', 'AdminListGroupsForUser'],
    },
  }),
  setRole: defineRoute({
    name: 'setRole',
    input: setRoleInputSchema,
    output: setRoleOutputSchema,
    access: SUPER_ADMIN,
    handler: 'users/set-role',
    resources: {
      tables: { users: 'readWrite', tokens: 'readWrite' },
      userPool: [
        'AdminGetUser',
        'AdminListGroupsForUser',
        'ListUsersInGroup',
        'AdminAddUserToGroup',
        'AdminRemoveUserFromGroup',
        'AdminUserGlobalSignOut',
      ],
    },
  }),
  // Issue 4, practices (Customer Management; super admins only).
  listCustomers: defineRoute({
    name: 'listCustomers',
    input: listCustomersInputSchema,
    output: listCustomersOutputSchema,
    access: SUPER_ADMIN,
    handler: 'customers/list-customers',
    resources: { tables: { customers: 'read', tokens: 'read' } },
  }),
  getCustomer: defineRoute({
    name: 'getCustomer',
    input: getCustomerInputSchema,
    output: getCustomerOutputSchema,
    access: SUPER_ADMIN,
    handler: 'customers/get-customer',
    resources: { tables: { customers: 'read', users: 'read', tokens: 'read' } },
  }),
  createCustomer: defineRoute({
    name: 'createCustomer',
    input: createCustomerInputSchema,
    output: customerDetailSchema,
    access: SUPER_ADMIN,
    handler: 'customers/create-customer',
    resources: { tables: { customers: 'readWrite', referenceData: 'read', tokens: 'read' } },
  }),
  updateCustomer: defineRoute({
    name: 'updateCustomer',
    input: updateCustomerInputSchema,
    output: customerDetailSchema,
    access: SUPER_ADMIN,
    handler: 'customers/update-customer',
    resources: { tables: { customers: 'readWrite', referenceData: 'read', tokens: 'read' } },
  }),
  // Issue 13: the buying groups (spec 7 GET customer/buyinggroups) as a list super admins keep.
  createBuyingGroup: defineRoute({
    name: 'createBuyingGroup',
    input: createBuyingGroupInputSchema,
    output: buyingGroupSchema,
    access: SUPER_ADMIN,
    handler: 'customers/create-buying-group',
    resources: { tables: { referenceData: 'readWrite', tokens: 'read' } },
  }),
  updateBuyingGroup: defineRoute({
    name: 'updateBuyingGroup',
    input: updateBuyingGroupInputSchema,
    output: buyingGroupSchema,
    access: SUPER_ADMIN,
    handler: 'customers/update-buying-group',
    resources: { tables: { referenceData: 'readWrite', tokens: 'read' } },
  }),
  linkUserToAccount: defineRoute({
    name: 'linkUserToAccount',
    input: accountLinkInputSchema,
    output: accountLinksOutputSchema,
    access: SUPER_ADMIN,
    handler: 'customers/link-user-to-account',
    resources: { tables: { users: 'readWrite', customers: 'readWrite', tokens: 'read' } },
  }),
  unlinkUserFromAccount: defineRoute({
    name: 'unlinkUserFromAccount',
    input: accountLinkInputSchema,
    output: accountLinksOutputSchema,
    access: SUPER_ADMIN,
    handler: 'customers/unlink-user-from-account',
    resources: { tables: { users: 'readWrite', customers: 'readWrite', tokens: 'read' } },
  }),
  // Issue 4, account requests (spec 2 /auth/request, spec 7 POST customer).
  submitAccountRequest: defineRoute({
    name: 'submitAccountRequest',
    input: accountRequestFormSchema,
    output: submitAccountRequestOutputSchema,
    access: ['customer'],
    handler: 'account-requests/submit-account-request',
    // email: the lab's notification to the saved lab recipients (else LAB_NOTIFICATIONS_EMAIL, else EMAIL_FROM).
    resources: {
      tables: {
        users: 'read',
        accountRequests: 'readWrite',
        referenceData: 'read',
        emailTemplates: 'read',
        tokens: 'read',
      },
      email: true,
    },
  }),
  getMyAccountRequest: defineRoute({
    name: 'getMyAccountRequest',
    input: emptyInputSchema,
    output: getMyAccountRequestOutputSchema,
    access: ['customer'],
    handler: 'account-requests/get-my-account-request',
    resources: { tables: { accountRequests: 'read', tokens: 'read' } },
  }),
  listAccountRequests: defineRoute({
    name: 'listAccountRequests',
    input: listAccountRequestsInputSchema,
    output: listAccountRequestsOutputSchema,
    access: SUPER_ADMIN,
    handler: 'account-requests/list-account-requests',
    resources: { tables: { accountRequests: 'read', tokens: 'read' } },
  }),
  approveAccountRequest: defineRoute({
    name: 'approveAccountRequest',
    input: approveAccountRequestInputSchema,
    output: approveAccountRequestOutputSchema,
    access: SUPER_ADMIN,
    handler: 'account-requests/approve-account-request',
    resources: {
      tables: {
        accountRequests: 'readWrite',
        customers: 'readWrite',
        users: 'readWrite',
        emailTemplates: 'read',
        tokens: 'read',
      },
      email: true,
    },
  }),
  rejectAccountRequest: defineRoute({
    name: 'rejectAccountRequest',
    input: rejectAccountRequestInputSchema,
    output: rejectAccountRequestOutputSchema,
    access: SUPER_ADMIN,
    handler: 'account-requests/reject-account-request',
    resources: { tables: { accountRequests: 'readWrite', emailTemplates: 'read', tokens: 'read' }, email: true },
  }),
  // Issue 4, the user's own profile (spec 3 User fields; strict: protected fields are a 400).
  updateMyProfile: defineRoute({
    name: 'updateMyProfile',
    input: updateMyProfileInputSchema,
    output: userProfileSchema,
    access: SIGNED_IN,
    handler: 'profile/update-my-profile',
    resources: { tables: { users: 'readWrite', tokens: 'read' } },
  }),
  // Issue 5, the lens catalogue (Lens Management; the order form reads it).
  listLensDesigns: defineRoute({
    name: 'listLensDesigns',
    input: listLensDesignsInputSchema,
    output: listLensDesignsOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    handler: 'lenses/list-lens-designs',
    // users + customers: a price shows only for an account of the caller whose pricingAllowed is true.
    resources: { tables: { lenses: 'read', users: 'read', customers: 'read', tokens: 'read' } },
  }),
  createLensDesign: defineRoute({
    name: 'createLensDesign',
    input: createLensDesignInputSchema,
    output: lensDesignSchema,
    access: SUPER_ADMIN,
    handler: 'lenses/create-lens-design',
    resources: { tables: { lenses: 'readWrite', tokens: 'read' } },
  }),
  updateLensDesign: defineRoute({
    name: 'updateLensDesign',
    input: updateLensDesignInputSchema,
    output: lensDesignSchema,
    access: SUPER_ADMIN,
    handler: 'lenses/update-lens-design',
    resources: { tables: { lenses: 'readWrite', tokens: 'read' } },
  }),
  // Issue 5, orders: the practice's side.
  saveOrderDraft: defineRoute({
    name: 'saveOrderDraft',
    input: saveOrderDraftInputSchema,
    output: saveOrderDraftOutputSchema,
    access: CUSTOMER,
    handler: 'orders/save-order-draft',
    // attachments: the draft's list of files is built from what is stored (issue 10 item 8).
    resources: { tables: { orders: 'readWrite', users: 'read', tokens: 'read' }, attachments: 'read' },
  }),
  discardOrderDraft: defineRoute({
    name: 'discardOrderDraft',
    input: orderIdInputSchema,
    output: z.object({ discarded: z.boolean() }),
    access: CUSTOMER,
    handler: 'orders/discard-order-draft',
    resources: { tables: { orders: 'readWrite', users: 'read', tokens: 'read' }, attachments: 'readWrite' },
  }),
  submitOrder: defineRoute({
    name: 'submitOrder',
    input: submitOrderInputSchema,
    output: orderSchema,
    access: CUSTOMER,
    handler: 'orders/submit-order',
    // consults: "Order this" marks the consult ordered in the order's own transaction.
    resources: {
      tables: {
        orders: 'readWrite',
        counters: 'readWrite',
        consults: 'readWrite',
        lenses: 'read',
        users: 'read',
        customers: 'read',
        emailTemplates: 'read',
        tokens: 'read',
      },
      attachments: 'read',
      email: true,
    },
  }),
  cancelOrder: defineRoute({
    name: 'cancelOrder',
    input: cancelOrderInputSchema,
    output: orderSchema,
    access: CUSTOMER,
    handler: 'orders/cancel-order',
    resources: {
      // customers: the answer shows prices only when the practice's account may see them.
      tables: {
        orders: 'readWrite',
        counters: 'readWrite',
        users: 'read',
        customers: 'read',
        emailTemplates: 'read',
        tokens: 'read',
      },
      email: true,
    },
  }),
  resubmitOrder: defineRoute({
    name: 'resubmitOrder',
    input: resubmitOrderInputSchema,
    output: orderSchema,
    access: CUSTOMER,
    handler: 'orders/resubmit-order',
    resources: {
      tables: {
        orders: 'readWrite',
        counters: 'readWrite',
        lenses: 'read',
        users: 'read',
        customers: 'read',
        emailTemplates: 'read',
        tokens: 'read',
      },
      attachments: 'read',
      email: true,
    },
  }),
  getOrder: defineRoute({
    name: 'getOrder',
    input: orderIdInputSchema,
    output: orderSchema,
    access: CUSTOMER_OR_ADMIN,
    handler: 'orders/get-order',
    resources: { tables: { orders: 'read', users: 'read', customers: 'read', tokens: 'read' } },
  }),
  listAccountOrders: defineRoute({
    name: 'listAccountOrders',
    input: listAccountOrdersInputSchema,
    output: orderPageSchema,
    access: CUSTOMER_OR_ADMIN,
    handler: 'orders/list-account-orders',
    resources: { tables: { orders: 'read', users: 'read', tokens: 'read' } },
  }),
  // Issue 5, orders: the lab's side (spec 2 /admin/order-approval, /admin/home).
  listOrders: defineRoute({
    name: 'listOrders',
    input: listOrdersInputSchema,
    output: orderPageSchema,
    access: ADMIN,
    handler: 'orders/list-orders',
    resources: { tables: { orders: 'read', tokens: 'read' } },
  }),
  approveOrder: labOrderAction('approveOrder', approveOrderInputSchema, 'orders/approve-order'),
  holdOrder: labOrderAction('holdOrder', holdOrderInputSchema, 'orders/hold-order'),
  rejectOrder: labOrderAction('rejectOrder', rejectOrderInputSchema, 'orders/reject-order'),
  closeOrder: labOrderAction('closeOrder', closeOrderInputSchema, 'orders/close-order'),
  getAdminDashboard: defineRoute({
    name: 'getAdminDashboard',
    input: emptyInputSchema,
    output: adminDashboardSchema,
    access: ADMIN,
    handler: 'orders/get-admin-dashboard',
    resources: { tables: { orders: 'read', counters: 'read', userActivity: 'read', tokens: 'read' } },
  }),
  // Issue 5, attachments (spec 7 server functions; the order's practice or the lab only).
  generateUploadUrl: defineRoute({
    name: 'generateUploadUrl',
    input: generateUploadUrlInputSchema,
    output: generateUploadUrlOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    handler: 'attachments/generate-upload-url',
    resources: { tables: { orders: 'read', users: 'read', tokens: 'read' }, attachments: 'readWrite' },
  }),
  // Issue 10 item 8: an upload counts as attached only once the server has read its first bytes.
  confirmOrderFile: defineRoute({
    name: 'confirmOrderFile',
    input: orderFileInputSchema,
    output: confirmOrderFileOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    handler: 'attachments/confirm-order-file',
    resources: { tables: { orders: 'read', users: 'read', tokens: 'read' }, attachments: 'readWrite' },
  }),
  listOrderFiles: defineRoute({
    name: 'listOrderFiles',
    input: listOrderFilesInputSchema,
    output: listOrderFilesOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    handler: 'attachments/list-order-files',
    resources: { tables: { orders: 'read', users: 'read', tokens: 'read' }, attachments: 'read' },
  }),
  generateDownloadUrl: defineRoute({
    name: 'generateDownloadUrl',
    input: orderFileInputSchema,
    output: generateDownloadUrlOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    handler: 'attachments/generate-download-url',
    resources: { tables: { orders: 'read', users: 'read', tokens: 'read' }, attachments: 'read' },
  }),
  deleteOrderFile: defineRoute({
    name: 'deleteOrderFile',
    input: orderFileInputSchema,
    output: deleteOrderFileOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    handler: 'attachments/delete-order-file',
    resources: { tables: { orders: 'read', users: 'read', tokens: 'read' }, attachments: 'readWrite' },
  }),
  // Issue 5, emails (spec 2 /admin/email-management; spec 7 POST auth/email/{kind}).
  sendEmail: defineRoute({
    name: 'sendEmail',
    input: sendEmailInputSchema,
    output: sendEmailOutputSchema,
    access: ADMIN,
    handler: 'email/send-email',
    // Not a relay (issue 10 item 9): recipients must be practice users (ListUsers by email, then their users
    // records) or the lab recipients (emailTemplates); tokens: the per-caller send budget.
    resources: {
      tables: { users: 'read', emailTemplates: 'read', tokens: 'readWrite' },
      userPool: ['ListUsers'],
      email: true,
    },
  }),
  listEmailTemplates: defineRoute({
    name: 'listEmailTemplates',
    input: emptyInputSchema,
    output: listEmailTemplatesOutputSchema,
    access: SUPER_ADMIN,
    handler: 'email/list-email-templates',
    resources: { tables: { emailTemplates: 'read', tokens: 'read' } },
  }),
  updateEmailTemplate: defineRoute({
    name: 'updateEmailTemplate',
    input: updateEmailTemplateInputSchema,
    output: emailTemplateSchema,
    access: SUPER_ADMIN,
    handler: 'email/update-email-template',
    resources: { tables: { emailTemplates: 'readWrite', tokens: 'read' } },
  }),
  previewEmailTemplate: defineRoute({
    name: 'previewEmailTemplate',
    input: previewEmailTemplateInputSchema,
    output: previewEmailTemplateOutputSchema,
    access: SUPER_ADMIN,
    handler: 'email/preview-email-template',
    resources: { tables: { tokens: 'read' } },
  }),
  sendTestEmail: defineRoute({
    name: 'sendTestEmail',
    input: sendTestEmailInputSchema,
    output: sendTestEmailOutputSchema,
    access: SUPER_ADMIN,
    handler: 'email/send-test-email',
    // tokens: the per-caller test-send budget (the test goes to the caller's own address).
    resources: { tables: { tokens: 'readWrite' }, email: true },
  }),
  getLabNotificationSettings: defineRoute({
    name: 'getLabNotificationSettings',
    input: emptyInputSchema,
    output: labNotificationSettingsSchema,
    access: SUPER_ADMIN,
    handler: 'email/get-lab-notification-settings',
    resources: { tables: { emailTemplates: 'read', tokens: 'read' } },
  }),
  updateLabNotificationSettings: defineRoute({
    name: 'updateLabNotificationSettings',
    input: updateLabNotificationSettingsInputSchema,
    output: labNotificationSettingsSchema,
    access: SUPER_ADMIN,
    handler: 'email/update-lab-notification-settings',
    resources: { tables: { emailTemplates: 'readWrite', tokens: 'read' } },
  }),

  // Issue 9, invoices (spec 7 GET auth/invoice/{invoiceNumber}/{accountNumber}; Pay Online; the lab's Invoices).
  getInvoice: defineRoute({
    name: 'getInvoice',
    input: getInvoiceInputSchema,
    output: customerInvoiceSchema,
    access: CUSTOMER_OR_ADMIN,
    handler: 'invoices/get-invoice',
    resources: { tables: { invoices: 'read', users: 'read', tokens: 'read' } },
  }),
  listAccountInvoices: defineRoute({
    name: 'listAccountInvoices',
    input: listAccountInvoicesInputSchema,
    output: invoiceListOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    handler: 'invoices/list-account-invoices',
    resources: { tables: { invoices: 'read', users: 'read', tokens: 'read' } },
  }),
  getInvoicePdfUrl: defineRoute({
    name: 'getInvoicePdfUrl',
    input: getInvoiceInputSchema,
    output: documentUrlOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    handler: 'invoices/get-invoice-pdf-url',
    // customers: the practice's name and billing address printed on the PDF.
    resources: {
      tables: { invoices: 'read', users: 'read', customers: 'read', tokens: 'read' },
      documents: 'readWrite',
    },
  }),
  listInvoices: defineRoute({
    name: 'listInvoices',
    input: listInvoicesInputSchema,
    output: invoicePageSchema,
    access: ADMIN,
    handler: 'invoices/list-invoices',
    resources: { tables: { invoices: 'read', tokens: 'read' } },
  }),
  createInvoice: defineRoute({
    name: 'createInvoice',
    input: createInvoiceInputSchema,
    output: invoiceSchema,
    access: ADMIN,
    handler: 'invoices/create-invoice',
    resources: {
      tables: { invoices: 'readWrite', customers: 'read', users: 'read', emailTemplates: 'read', tokens: 'read' },
      email: true,
    },
  }),
  voidInvoice: defineRoute({
    name: 'voidInvoice',
    input: voidInvoiceInputSchema,
    output: invoiceSchema,
    access: ADMIN,
    handler: 'invoices/void-invoice',
    resources: { tables: { invoices: 'readWrite', users: 'read', tokens: 'read' } },
  }),
  recordOfflinePayment: defineRoute({
    name: 'recordOfflinePayment',
    input: recordOfflinePaymentInputSchema,
    output: invoiceSchema,
    access: ADMIN,
    handler: 'invoices/record-offline-payment',
    // creditLedger: a cheque larger than the balance leaves the rest as account credit.
    resources: { tables: { invoices: 'readWrite', creditLedger: 'readWrite', users: 'read', tokens: 'read' } },
  }),
  // Issue 9, Pay Online: one payment id from the browser, credit first, the card (gateway) for the rest.
  startPayment: defineRoute({
    name: 'startPayment',
    input: startPaymentInputSchema,
    output: paymentViewSchema,
    access: CUSTOMER,
    handler: 'payments/start-payment',
    resources: { tables: SETTLEMENT_TABLES, email: true, paymentGateway: true },
  }),
  confirmPayment: defineRoute({
    name: 'confirmPayment',
    input: paymentIdInputSchema,
    output: paymentViewSchema,
    access: CUSTOMER,
    handler: 'payments/confirm-payment',
    resources: { tables: SETTLEMENT_TABLES, email: true, paymentGateway: true },
  }),
  getReceiptPdfUrl: defineRoute({
    name: 'getReceiptPdfUrl',
    input: paymentIdInputSchema,
    output: documentUrlOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    handler: 'payments/get-receipt-pdf-url',
    // invoices: the receipt lists what the payment applied to each invoice (their settlements).
    resources: {
      tables: { payments: 'read', invoices: 'read', users: 'read', customers: 'read', tokens: 'read' },
      documents: 'readWrite',
    },
  }),
  /** The card gateway's signed events (Stripe webhooks): settles a payment the browser never came back for. */
  paymentWebhook: defineRoute({
    name: 'paymentWebhook',
    kind: 'webhook',
    input: z.unknown(),
    output: z.object({ received: z.boolean() }),
    access: 'public',
    handler: 'payments/payment-webhook',
    resources: { tables: SETTLEMENT_TABLES, email: true, paymentGateway: true },
    rateLimit: 50,
  }),
  // Issue 9, Lens Credit: the ledger, lenses in warranty, claims.
  getCreditSummary: defineRoute({
    name: 'getCreditSummary',
    input: accountInputSchema,
    output: creditSummarySchema,
    access: CUSTOMER_OR_ADMIN,
    handler: 'credit/get-credit-summary',
    // orders: shipped lenses in their window; counters: exchanges used per lens.
    resources: {
      tables: {
        creditLedger: 'read',
        orders: 'read',
        warrantyClaims: 'read',
        counters: 'read',
        users: 'read',
        tokens: 'read',
      },
    },
  }),
  listCreditLedger: defineRoute({
    name: 'listCreditLedger',
    input: listCreditLedgerInputSchema,
    output: creditLedgerPageSchema,
    access: CUSTOMER_OR_ADMIN,
    handler: 'credit/list-credit-ledger',
    resources: { tables: { creditLedger: 'read', users: 'read', tokens: 'read' } },
  }),
  exportCreditLedger: defineRoute({
    name: 'exportCreditLedger',
    input: accountInputSchema,
    output: creditLedgerCsvSchema,
    access: CUSTOMER_OR_ADMIN,
    handler: 'credit/export-credit-ledger',
    resources: { tables: { creditLedger: 'read', users: 'read', tokens: 'read' } },
  }),
  submitWarrantyClaim: defineRoute({
    name: 'submitWarrantyClaim',
    input: submitWarrantyClaimInputSchema,
    output: customerWarrantyClaimSchema,
    access: CUSTOMER,
    handler: 'credit/submit-warranty-claim',
    resources: {
      tables: { warrantyClaims: 'readWrite', orders: 'read', users: 'read', emailTemplates: 'read', tokens: 'read' },
      email: true,
    },
  }),
  listWarrantyClaims: defineRoute({
    name: 'listWarrantyClaims',
    input: listWarrantyClaimsInputSchema,
    output: warrantyClaimPageSchema,
    access: ADMIN,
    handler: 'credit/list-warranty-claims',
    resources: { tables: { warrantyClaims: 'read', tokens: 'read' } },
  }),
  decideWarrantyClaim: defineRoute({
    name: 'decideWarrantyClaim',
    input: decideWarrantyClaimInputSchema,
    output: warrantyClaimSchema,
    access: ADMIN,
    handler: 'credit/decide-warranty-claim',
    resources: {
      tables: {
        warrantyClaims: 'readWrite',
        creditLedger: 'readWrite',
        users: 'read',
        emailTemplates: 'read',
        tokens: 'read',
      },
      email: true,
    },
  }),
  markClaimReturnReceived: defineRoute({
    name: 'markClaimReturnReceived',
    input: claimVersionInputSchema,
    output: warrantyClaimSchema,
    access: ADMIN,
    handler: 'credit/mark-claim-return-received',
    resources: {
      tables: {
        warrantyClaims: 'readWrite',
        creditLedger: 'readWrite',
        users: 'read',
        emailTemplates: 'read',
        tokens: 'read',
      },
      email: true,
    },
  }),
  grantGoodwillCredit: defineRoute({
    name: 'grantGoodwillCredit',
    input: grantGoodwillCreditInputSchema,
    output: creditEntryOutputSchema,
    access: ADMIN,
    handler: 'credit/grant-goodwill-credit',
    resources: {
      tables: { creditLedger: 'readWrite', customers: 'read', users: 'read', emailTemplates: 'read', tokens: 'read' },
      email: true,
    },
  }),
  // Issue 10 item 13, the audit trail (super admins' Audit page). Every callable route may append to it
  // (defineRoute's default `audit: 'append'`); this is the one route that reads it.
  listAuditEvents: defineRoute({
    name: 'listAuditEvents',
    input: listAuditEventsInputSchema,
    output: auditEventPageSchema,
    access: SUPER_ADMIN,
    handler: 'audit/list-audit-events',
    resources: { tables: { auditLog: 'read', tokens: 'read' } },
  }),
  // The Ampleye Virtual Consultant: the public troubleshooter's settings, consult requests (practices and
  // visitors), the lab's queue and answers, and the files a practice attaches to its request.
  getConsultantSetup: defineRoute({
    name: 'getConsultantSetup',
    input: emptyInputSchema,
    output: consultantSetupSchema,
    // The troubleshooter is public (spec 1, 2): its thresholds and the designs it covers, no prices.
    access: 'public',
    handler: 'consults/get-consultant-setup',
    resources: { tables: { referenceData: 'read', lenses: 'read' } },
    rateLimit: 20,
  }),
  updateConsultantSettings: defineRoute({
    name: 'updateConsultantSettings',
    input: updateTroubleshooterSettingsInputSchema,
    output: troubleshooterSettingsSchema,
    access: SUPER_ADMIN,
    handler: 'consults/update-consultant-settings',
    resources: { tables: { referenceData: 'readWrite', lenses: 'read', tokens: 'read' } },
  }),
  submitConsult: defineRoute({
    name: 'submitConsult',
    input: submitConsultInputSchema,
    output: customerConsultSchema,
    access: CUSTOMER,
    handler: 'consults/submit-consult',
    // orders: the past order the current lens came from must be the account's; counters: the reference sequence.
    resources: {
      tables: {
        consults: 'readWrite',
        counters: 'readWrite',
        referenceData: 'read',
        orders: 'read',
        users: 'read',
        customers: 'read',
        emailTemplates: 'read',
        tokens: 'read',
      },
      email: true,
    },
  }),
  submitPublicConsult: defineRoute({
    name: 'submitPublicConsult',
    input: submitPublicConsultInputSchema,
    output: submitPublicConsultOutputSchema,
    // A visitor's request: rate-limited per address and per email (tokens), a honeypot field, no files.
    access: 'public',
    handler: 'consults/submit-public-consult',
    resources: {
      tables: {
        consults: 'readWrite',
        counters: 'readWrite',
        referenceData: 'read',
        emailTemplates: 'read',
        tokens: 'readWrite',
      },
      email: true,
    },
    rateLimit: 2,
  }),
  listAccountConsults: defineRoute({
    name: 'listAccountConsults',
    input: listAccountConsultsInputSchema,
    output: customerConsultPageSchema,
    access: CUSTOMER,
    handler: 'consults/list-account-consults',
    resources: { tables: { consults: 'read', users: 'read', tokens: 'read' } },
  }),
  getConsult: defineRoute({
    name: 'getConsult',
    input: consultIdInputSchema,
    output: customerConsultSchema,
    access: CUSTOMER,
    handler: 'consults/get-consult',
    resources: { tables: { consults: 'read', users: 'read', tokens: 'read' } },
  }),
  listConsults: defineRoute({
    name: 'listConsults',
    input: listConsultsInputSchema,
    output: consultPageSchema,
    access: ADMIN,
    handler: 'consults/list-consults',
    resources: { tables: { consults: 'read', tokens: 'read' } },
  }),
  getLabConsult: defineRoute({
    name: 'getLabConsult',
    input: consultIdInputSchema,
    output: consultSchema,
    access: ADMIN,
    handler: 'consults/get-lab-consult',
    resources: { tables: { consults: 'read', tokens: 'read' } },
  }),
  replyToConsult: defineRoute({
    name: 'replyToConsult',
    input: replyToConsultInputSchema,
    output: consultSchema,
    access: ADMIN,
    handler: 'consults/reply-to-consult',
    // lenses: the proposal is checked against the design's ranges like an order line.
    resources: {
      tables: {
        consults: 'readWrite',
        lenses: 'read',
        users: 'read',
        customers: 'read',
        emailTemplates: 'read',
        tokens: 'read',
      },
      email: true,
    },
  }),
  linkConsultToAccount: defineRoute({
    name: 'linkConsultToAccount',
    input: linkConsultInputSchema,
    output: consultSchema,
    access: ADMIN,
    handler: 'consults/link-consult-to-account',
    resources: { tables: { consults: 'readWrite', customers: 'read', tokens: 'read' } },
  }),
  generateConsultUploadUrl: defineRoute({
    name: 'generateConsultUploadUrl',
    input: consultUploadUrlInputSchema,
    output: generateUploadUrlOutputSchema,
    access: CUSTOMER,
    handler: 'consults/generate-consult-upload-url',
    resources: { tables: { consults: 'read', users: 'read', tokens: 'read' }, consultFiles: 'readWrite' },
  }),
  confirmConsultFile: defineRoute({
    name: 'confirmConsultFile',
    input: consultFileInputSchema,
    output: confirmOrderFileOutputSchema,
    access: CUSTOMER,
    handler: 'consults/confirm-consult-file',
    resources: { tables: { consults: 'read', users: 'read', tokens: 'read' }, consultFiles: 'readWrite' },
  }),
  listConsultFiles: defineRoute({
    name: 'listConsultFiles',
    input: consultIdInputSchema,
    output: listOrderFilesOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    handler: 'consults/list-consult-files',
    resources: { tables: { consults: 'read', users: 'read', tokens: 'read' }, consultFiles: 'read' },
  }),
  generateConsultDownloadUrl: defineRoute({
    name: 'generateConsultDownloadUrl',
    input: consultFileInputSchema,
    output: generateDownloadUrlOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    handler: 'consults/generate-consult-download-url',
    resources: { tables: { consults: 'read', users: 'read', tokens: 'read' }, consultFiles: 'read' },
  }),
  deleteConsultFile: defineRoute({
    name: 'deleteConsultFile',
    input: consultFileInputSchema,
    output: deleteOrderFileOutputSchema,
    access: CUSTOMER,
    handler: 'consults/delete-consult-file',
    resources: { tables: { consults: 'read', users: 'read', tokens: 'read' }, consultFiles: 'readWrite' },
  }),
} as const;

export type Routes = typeof ROUTES;
export type RouteName = keyof Routes;
export const ROUTE_LIST = Object.values(ROUTES);
