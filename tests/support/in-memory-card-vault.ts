import type {
  CardVault,
  GatewayCard,
  GatewaySetupIntent,
  OffSessionCharge,
  OffSessionChargeRequest,
} from '../../lambdas/ports/payment-gateway';
import type { InMemoryGateway } from './in-memory-gateway';

/** What a saved in-memory card does when charged off-session. */
export type CardBehavior = 'succeeds' | 'authenticate' | { declineCode: string; message: string };

/**
 * An in-memory CardVault over an InMemoryGateway's intents (so Pay Online's confirm and webhook read the same
 * intents), with the gateway's idempotency: one customer per key, one intent per payment id, one answer per try key.
 * `saveCard` stands in for the payer's browser giving a card to a setup; `authenticate` for the bank's page.
 */
export class InMemoryCardVault implements CardVault {
  readonly kind = 'fake' as const;
  readonly publishableKey = undefined;
  readonly customers = new Map<string, string>();
  readonly setups = new Map<string, GatewaySetupIntent>();
  readonly cards = new Map<string, GatewayCard & { behavior: CardBehavior }>();
  readonly tries = new Map<string, OffSessionCharge>();
  /** Off-session confirms that reached a card (not replays of a try key). */
  confirms = 0;

  constructor(readonly gateway: InMemoryGateway) {}

  async createCustomer({ idempotencyKey }: { accountNumber: string; idempotencyKey: string }) {
    let customerId = this.customers.get(idempotencyKey);
    if (!customerId) {
      customerId = `cus_${this.customers.size + 1}`;
      this.customers.set(idempotencyKey, customerId);
    }
    return { customerId };
  }

  async createSetupIntent({ customerId }: { customerId: string }) {
    const setupIntentId = `seti_${this.setups.size + 1}`;
    const setup: GatewaySetupIntent = {
      setupIntentId,
      clientSecret: `${setupIntentId}_secret`,
      status: 'requires_payment_method',
      customerId,
    };
    this.setups.set(setupIntentId, setup);
    return { ...setup };
  }

  async retrieveSetupIntent(setupIntentId: string) {
    const setup = this.setups.get(setupIntentId);
    if (!setup) throw new Error(`no setup ${setupIntentId}`);
    return { ...setup };
  }

  async retrieveCard(paymentMethodId: string): Promise<GatewayCard> {
    const card = this.cards.get(paymentMethodId);
    if (!card) throw new Error(`no card ${paymentMethodId}`);
    const { behavior: _behavior, ...rest } = card;
    return rest;
  }

  async detachCard(paymentMethodId: string) {
    const card = this.cards.get(paymentMethodId);
    if (card) card.customerId = null;
  }

  async createOffSessionIntent(request: OffSessionChargeRequest) {
    return this.gateway.createIntent(request);
  }

  async confirmOffSession(intentId: string, paymentMethodId: string, attemptKey: string): Promise<OffSessionCharge> {
    const earlier = this.tries.get(attemptKey);
    if (earlier) return { ...earlier };
    const intent = this.gateway.intents.get(intentId);
    if (!intent || intent.status === 'succeeded' || intent.status === 'canceled') throw new Error('cannot confirm');
    const card = this.cards.get(paymentMethodId);
    if (!card?.customerId) throw new Error('card not attached');
    this.confirms++;
    let answer: OffSessionCharge;
    if (card.behavior === 'succeeds') {
      intent.status = 'succeeded';
      delete intent.failureMessage;
      this.gateway.charges++;
      answer = { ...intent };
    } else if (card.behavior === 'authenticate') {
      intent.status = 'requires_action';
      answer = { ...intent, declineCode: 'authentication_required' };
    } else {
      intent.status = 'requires_payment_method';
      intent.failureMessage = card.behavior.message;
      answer = { ...intent, declineCode: card.behavior.declineCode };
    }
    this.tries.set(attemptKey, answer);
    return { ...answer };
  }

  /** The payer's browser gives a card to a setup: it is saved on the setup's customer. */
  saveCard(setupIntentId: string, behavior: CardBehavior = 'succeeds', last4 = '4242'): string {
    const setup = this.setups.get(setupIntentId)!;
    const paymentMethodId = `pm_${this.cards.size + 1}`;
    this.cards.set(paymentMethodId, {
      paymentMethodId,
      customerId: setup.customerId,
      brand: 'visa',
      last4,
      expMonth: 12,
      expYear: 2034,
      behavior,
    });
    setup.status = 'succeeded';
    setup.paymentMethodId = paymentMethodId;
    return paymentMethodId;
  }

  /** The payer answers the bank's authentication request of a charge. */
  authenticate(intentId: string): void {
    const intent = this.gateway.intents.get(intentId)!;
    if (intent.status !== 'requires_action') throw new Error('nothing to authenticate');
    intent.status = 'succeeded';
    this.gateway.charges++;
  }
}
