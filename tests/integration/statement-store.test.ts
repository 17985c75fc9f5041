import './helpers/stack-env';
import { dynamoNoticeOutbox } from '../../lambdas/adapters/dynamo-notice-outbox';
import { dynamoStatementStore } from '../../lambdas/adapters/dynamo-statement-store';
import { statementStoreContract } from '../support/contracts/statement-store';

// The same contract runs against the in-memory fake in tests/unit/lambdas/statements/statement-store-contract.test.ts.
statementStoreContract(
  'DynamoDB adapter',
  () => dynamoStatementStore(),
  () => dynamoNoticeOutbox(),
);
