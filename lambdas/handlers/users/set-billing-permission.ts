import { userRoutes } from '../../../core/routes/users';
import { cognitoAdminDirectory } from '../../adapters/cognito-admin-directory';
import { sharedSessionRevocations } from '../../adapters/dynamo-session-revocations';
import { createHandler } from '../../http/create-handler';
import { setBillingPermission } from '../../use-cases/users/set-billing-permission';
import { systemClock } from '../../kernel/clock';

const directory = cognitoAdminDirectory();

export const handler = createHandler(userRoutes.setBillingPermission, (input, ctx) =>
  setBillingPermission(input, {
    directory,
    revocations: sharedSessionRevocations(),
    now: systemClock.now,
    log: ctx.log,
    audit: ctx.audit,
  }),
);
