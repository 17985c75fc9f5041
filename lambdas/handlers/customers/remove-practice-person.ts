import { customerRoutes } from '../../../core/routes/customers';
import { dynamoAccountLinks } from '../../adapters/dynamo-account-links';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { sharedSessionRevocations } from '../../adapters/dynamo-session-revocations';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { systemClock } from '../../kernel/clock';
import { removePracticePerson } from '../../use-cases/customers/practice-people';

const users = dynamoUsersRepository();
const customers = dynamoCustomersRepository();
const links = dynamoAccountLinks();

export const handler = createHandler(customerRoutes.removePracticePerson, (input, ctx) =>
  removePracticePerson(callerOf(ctx), input, {
    users,
    customers,
    links,
    audit: ctx.audit,
    // The wrapper's own cached store: this process refuses the removed person's tokens at once.
    revocations: sharedSessionRevocations(),
    now: systemClock.now,
  }),
);
