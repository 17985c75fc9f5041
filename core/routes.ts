import { accountRequestRoutes } from './routes/account-requests';
import { activityRoutes } from './routes/activity';
import { attachmentRoutes } from './routes/attachments';
import { auditRoutes } from './routes/audit';
import { authRoutes } from './routes/auth';
import { cardRoutes } from './routes/cards';
import { billingRoutes } from './routes/billing';
import { consultRoutes } from './routes/consults';
import { creditRoutes } from './routes/credit';
import { customerRoutes } from './routes/customers';
import { emailRoutes } from './routes/email';
import { invoiceRoutes } from './routes/invoices';
import { lensRoutes } from './routes/lenses';
import { machineRoutes } from './routes/machine';
import { notificationRoutes } from './routes/notifications';
import { orderRoutes } from './routes/orders';
import { paymentRoutes } from './routes/payments';
import { profileRoutes } from './routes/profile';
import { statementRoutes } from './routes/statements';
import { userRoutes } from './routes/users';
import { webhookEndpointRoutes } from './routes/webhook-endpoints';

/**
 * The route table: the one list the CDK stack, the local gateway, the web API client and the security tests
 * all read. Its entries live with their handler folder (core/routes/orders.ts for lambdas/handlers/orders/),
 * so a Lambda bundles only its own folder's schemas; a new operation is one entry there plus its handler module.
 */
export const ROUTES = {
  ...profileRoutes,
  ...customerRoutes,
  ...authRoutes,
  ...activityRoutes,
  ...userRoutes,
  ...accountRequestRoutes,
  ...lensRoutes,
  ...orderRoutes,
  ...attachmentRoutes,
  ...emailRoutes,
  ...invoiceRoutes,
  ...paymentRoutes,
  ...cardRoutes,
  ...creditRoutes,
  ...statementRoutes,
  ...billingRoutes,
  ...auditRoutes,
  ...consultRoutes,
  ...notificationRoutes,
  ...machineRoutes,
  ...webhookEndpointRoutes,
};

export type Routes = typeof ROUTES;
export type RouteName = keyof Routes;
export const ROUTE_LIST = Object.values(ROUTES);
