import { consultStoreContract } from '../../../support/contracts/consult-store';
import { InMemoryConsultantSettings, InMemoryConsultStore } from '../../../support/in-memory-consults';

// The same contract runs against the DynamoDB adapters in tests/integration/consult-store.test.ts.
const consults = new InMemoryConsultStore();
consultStoreContract('in-memory fakes', () => ({
  consults,
  settings: () => new InMemoryConsultantSettings(),
  drawing: (newReference) => new InMemoryConsultStore(newReference),
  outbox: consults.outbox,
}));
