import { defineRoutes } from '../define-routes';
import { SUPER_ADMIN } from './access-groups';
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
} from '../schemas/account-requests';
import { emptyInputSchema } from '../schemas/common';

/** Account requests (spec 2 /auth/request, spec 7 POST customer). */
export const accountRequestRoutes = defineRoutes('account-requests', {
  submitAccountRequest: {
    input: accountRequestFormSchema,
    output: submitAccountRequestOutputSchema,
    access: ['customer'],
    customerApi: true,
    // outbox: the lab's notification, stored with the request, to the saved lab recipients (emailTemplates),
    // else LAB_NOTIFICATIONS_EMAIL, else the sender's address.
    resources: {
      tables: {
        users: 'read',
        accountRequests: 'readWrite',
        referenceData: 'read',
        emailTemplates: 'read',
        outbox: 'write',
      },
      senderAddress: true,
    },
  },
  getMyAccountRequest: {
    input: emptyInputSchema,
    output: getMyAccountRequestOutputSchema,
    access: ['customer'],
    resources: { tables: { accountRequests: 'read' } },
  },
  listAccountRequests: {
    input: listAccountRequestsInputSchema,
    output: listAccountRequestsOutputSchema,
    access: SUPER_ADMIN,
    resources: { tables: { accountRequests: 'read' } },
  },
  approveAccountRequest: {
    input: approveAccountRequestInputSchema,
    output: approveAccountRequestOutputSchema,
    access: SUPER_ADMIN,
    // outbox: the customer's email, stored with the decision, and the practice users' emails, with the link.
    resources: {
      tables: {
        accountRequests: 'readWrite',
        customers: 'readWrite',
        users: 'readWrite',
        emailTemplates: 'read',
        outbox: 'write',
      },
    },
  },
  rejectAccountRequest: {
    input: rejectAccountRequestInputSchema,
    output: rejectAccountRequestOutputSchema,
    access: SUPER_ADMIN,
    // outbox: the customer's email, stored with the decision.
    resources: { tables: { accountRequests: 'readWrite', emailTemplates: 'read', outbox: 'write' } },
  },
});
