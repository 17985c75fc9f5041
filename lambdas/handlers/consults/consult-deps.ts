import { dynamoConsultStore } from '../../adapters/dynamo-consult-store';
import { dynamoConsultantSettings } from '../../adapters/dynamo-consultant-settings';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoLensCatalogue } from '../../adapters/dynamo-lens-catalogue';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { dynamoRateLimiter } from '../../adapters/dynamo-rate-limiter';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { templateConsultNotifier } from '../../adapters/template-consult-notifier';
import type { RequestContext } from '../../http/create-handler';
import type { ConsultDeps } from '../../use-cases/consults/consult-deps';

let shared: Omit<ConsultDeps, 'log' | 'audit'> | undefined;

/**
 * The consult handlers' adapters, made once per Lambda container, with the request's logger and audit trail.
 * Making an adapter touches no table; each use case reads only what its route's resources grant.
 */
export function consultDeps(ctx: Pick<RequestContext, 'log' | 'audit'>): ConsultDeps {
  shared ??= {
    consults: dynamoConsultStore(),
    settings: dynamoConsultantSettings(),
    lenses: dynamoLensCatalogue(),
    orders: dynamoOrdersRepository(),
    users: dynamoUsersRepository(),
    customers: dynamoCustomersRepository(),
    notifier: templateConsultNotifier(),
    limiter: dynamoRateLimiter(),
  };
  return { ...shared, log: ctx.log, audit: ctx.audit };
}
