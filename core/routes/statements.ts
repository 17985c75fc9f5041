import { defineRoutes } from '../define-routes';
import { documentUrlOutputSchema } from '../schemas/invoices';
import {
  correctStatementInputSchema,
  listAllStatementsInputSchema,
  listStatementsInputSchema,
  statementKeyInputSchema,
  statementPageSchema,
  statementSchema,
} from '../schemas/statements';
import { ADMIN, BILLING, CUSTOMER_OR_ADMIN } from './access-groups';

/** Monthly statements (docs/decisions/0103-monthly-statements.md): Pay Online's Statements tab and the lab's view. */
export const statementRoutes = defineRoutes('statements', {
  listStatements: {
    input: listStatementsInputSchema,
    output: statementPageSchema,
    access: CUSTOMER_OR_ADMIN,
    practice: 'money',
    // users: the accounts the caller is linked to.
    resources: { tables: { statements: 'read', users: 'read' } },
  },
  listAllStatements: {
    input: listAllStatementsInputSchema,
    output: statementPageSchema,
    access: ADMIN,
    resources: { tables: { statements: 'read' } },
  },
  getStatementPdfUrl: {
    input: statementKeyInputSchema,
    output: documentUrlOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    practice: 'money',
    // customers: the practice's name printed on the PDF.
    resources: { tables: { statements: 'read', users: 'read', customers: 'read' }, documents: 'readWrite' },
  },
  correctStatement: {
    input: correctStatementInputSchema,
    output: statementSchema,
    access: BILLING,
    // The month worked out again: the account's invoices, the lab's calendar (referenceData); the new version and
    // its email (outbox) in one transaction.
    resources: {
      tables: {
        statements: 'readWrite',
        invoices: 'read',
        customers: 'read',
        referenceData: 'read',
        users: 'read',
        outbox: 'write',
      },
    },
  },
});
