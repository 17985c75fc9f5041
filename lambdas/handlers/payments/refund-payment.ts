import { paymentRoutes } from '../../../core/routes/payments';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { paymentGatewayFromEnv } from '../../adapters/payment-gateway-from-env';
import { callerOf, createHandler } from '../../http/create-handler';
import { systemClock } from '../../kernel/clock';
import { refundPayment } from '../../use-cases/payments/refund-payment';

const deps = { ...systemClock, money: dynamoMoneyStore(), users: dynamoUsersRepository() };

export const handler = createHandler(paymentRoutes.refundPayment, async (input, ctx) =>
  refundPayment(callerOf(ctx), input, {
    ...deps,
    log: ctx.log,
    gateway: await paymentGatewayFromEnv(),
    audit: ctx.audit,
  }),
);
