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
    // email: the lab's notification to the saved lab recipients (else LAB_NOTIFICATIONS_EMAIL, else EMAIL_FROM).
    resources: {
      tables: {
        users: 'read',
        accountRequests: 'readWrite',
        referenceData: 'read',
        emailTemplates: 'read',
      },
      email: true,
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
    resources: {
      tables: {
        accountRequests: 'readWrite',
        customers: 'readWrite',
        users: 'readWrite',
        emailTemplates: 'read',
      },
      email: true,
    },
  },
  rejectAccountRequest: {
    input: rejectAccountRequestInputSchema,
    output: rejectAccountRequestOutputSchema,
    access: SUPER_ADMIN,
    resources: { tables: { accountRequests: 'readWrite', emailTemplates: 'read' }, email: true },
  },
});
