import './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { dynamoConsultantSettings } from '../../lambdas/adapters/dynamo-consultant-settings';
import { dynamoConsultStore } from '../../lambdas/adapters/dynamo-consult-store';
import { dynamoNoticeOutbox } from '../../lambdas/adapters/dynamo-notice-outbox';
import { consultStoreContract } from '../support/contracts/consult-store';

// The same contract runs against the in-memory fakes in tests/unit/lambdas/consults/consult-store-contract.test.ts.
// Settings go to an item of their own per test, so the live settings other tests read stay untouched.
consultStoreContract('DynamoDB adapters', () => ({
  consults: dynamoConsultStore(),
  settings: () => dynamoConsultantSettings({ id: `contract-${randomUUID()}` }),
  drawing: (newReference) => dynamoConsultStore({ newReference }),
  outbox: dynamoNoticeOutbox(),
}));
