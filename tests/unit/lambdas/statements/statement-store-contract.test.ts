import { statementStoreContract } from '../../../support/contracts/statement-store';
import { InMemoryStatementStore } from '../../../support/in-memory-statements';

// The same contract runs against the DynamoDB adapter in tests/integration/statement-store.test.ts.
statementStoreContract(
  'in-memory fake',
  () => new InMemoryStatementStore(),
  (store) => store.outbox,
);
