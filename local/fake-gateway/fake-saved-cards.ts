import { randomBytes } from 'node:crypto';
import { cardFormProblem, savedTestCard, testCardDecline, type OffSessionOutcome } from '../../core/rules/test-cards';
import type {
  FakeCardJson,
  FakeEventJson,
  FakeIntentJson,
  FakeOffSessionJson,
  FakeSetupIntentJson,
} from '../../lambdas/adapters/fake-payment-gateway';

/**
 * The fake gateway's cards on file (docs/decisions/0106-cards-on-file.md): customers, SetupIntents, saved cards
 * and off-session confirms, as Stripe keeps them. Mounted by fake-gateway-server.ts beside its PaymentIntents.
 *
 * Server side (the portal's CardVault): `POST /v1/customers`, `POST /v1/setup_intents`, `GET /v1/setup_intents/:id`,
 * `GET /v1/payment_methods/:id`, `POST /v1/payment_methods/:id/detach`, `POST /v1/off_session_intents`,
 * `POST /v1/intents/:id/confirm_off_session` (each POST idempotent by its `idempotency-key`).
 * Browser side (below `/fake-gateway/`, forwarded by the local web server): `setup` takes the test card form's card
 * for a SetupIntent, `authenticate` answers the bank's authentication request of a setup or a payment.
 *
 * A saved card keeps its brand, last four, expiry and what it does when charged; never its number.
 */

export interface SavedCardsContext {
  intents: Map<string, FakeIntentJson>;
  byClientSecret: Map<string, string>;
  createIntent(body: Record<string, unknown>, key: string | undefined): FakeIntentJson;
  sendEvent(type: FakeEventJson['type'], intent: FakeIntentJson): void;
  problem(status: number, type: string, message: string, extra?: Record<string, unknown>): Error;
}

export interface SavedCardsRoutes {
  /** The answer of a request these routes own, or undefined for one they do not. */
  serve(
    method: string,
    path: string,
    body: Record<string, unknown>,
    key: string | undefined,
  ): { status: number; body: unknown } | undefined;
}

interface StoredCard extends FakeCardJson {
  offSession: OffSessionOutcome;
}

const newId = (prefix: string, bytes: number) => `${prefix}${randomBytes(bytes).toString('hex')}`;

export function fakeSavedCards(ctx: SavedCardsContext): SavedCardsRoutes {
  const customers = new Set<string>();
  const setups = new Map<string, FakeSetupIntentJson>();
  const setupBySecret = new Map<string, string>();
  const cards = new Map<string, StoredCard>();
  /** Off-session intents: the customer and card they were made for. */
  const offSession = new Map<string, { customerId: string }>();
  /** Idempotency key -> the answer first given (Stripe replays the first answer of a key). */
  const answered = new Map<string, { status: number; body: unknown }>();

  const once = (key: string | undefined, scope: string, make: () => { status: number; body: unknown }) => {
    if (key === undefined) return make();
    const scoped = `${scope}:${key}`;
    const earlier = answered.get(scoped);
    if (earlier) return earlier;
    const answer = make();
    answered.set(scoped, answer);
    return answer;
  };
  const ok = (body: unknown) => ({ status: 200, body });
  const text = (body: Record<string, unknown>, name: string) => (typeof body[name] === 'string' ? body[name] : '');

  function setupById(id: string): FakeSetupIntentJson {
    const setup = setups.get(id);
    if (!setup) throw ctx.problem(404, 'invalid_request_error', `No such setupintent: '${id.slice(0, 80)}'`);
    return setup;
  }
  function cardById(id: string): StoredCard {
    const card = cards.get(id);
    if (!card) throw ctx.problem(404, 'invalid_request_error', `No such PaymentMethod: '${id.slice(0, 80)}'`);
    return card;
  }
  const publicCard = ({ offSession: _offSession, ...card }: StoredCard): FakeCardJson => card;

  /** The test card form's confirm of a setup: the card is checked, saved on the customer, or authenticated first. */
  function confirmSetup(body: Record<string, unknown>) {
    const setupId = setupBySecret.get(text(body, 'clientSecret'));
    if (!setupId) throw ctx.problem(404, 'invalid_request_error', 'No such setupintent.');
    const setup = setupById(setupId);
    if (setup.status !== 'requires_payment_method') {
      throw ctx.problem(
        400,
        'invalid_request_error',
        `You cannot confirm this SetupIntent because it has a status of ${setup.status}.`,
        {
          code: 'setup_intent_unexpected_state',
        },
      );
    }
    const input = { cardNumber: text(body, 'cardNumber'), expiry: text(body, 'expiry'), cvc: text(body, 'cvc') };
    const invalid = cardFormProblem(input);
    if (invalid) throw ctx.problem(400, 'validation_error', invalid.message, { param: invalid.field });
    const known = savedTestCard(input.cardNumber);
    if (!known) {
      const decline = testCardDecline(input.cardNumber) ?? {
        code: 'card_declined',
        message: 'Your card was declined.',
      };
      setup.failureMessage = decline.message;
      return { status: 402, body: { status: setup.status, error: { type: 'card_error', ...decline } } };
    }
    const [month, year] = input.expiry.split('/').map((part) => Number(part.trim()));
    const card: StoredCard = {
      id: newId('pm_fake_', 12),
      customerId: null,
      brand: known.brand,
      last4: known.number.slice(-4),
      expMonth: month!,
      expYear: 2000 + year!,
      offSession: known.offSession,
    };
    cards.set(card.id, card);
    setup.paymentMethodId = card.id;
    delete setup.failureMessage;
    if (known.authenticateToSave) {
      setup.status = 'requires_action';
      return ok({ status: setup.status });
    }
    return ok({ status: finishSetup(setup).status });
  }

  function finishSetup(setup: FakeSetupIntentJson): FakeSetupIntentJson {
    setup.status = 'succeeded';
    cardById(setup.paymentMethodId!).customerId = setup.customerId;
    return setup;
  }

  /** The bank's authentication page, answered: a setup or a payment goes on, or fails as Stripe's does. */
  function authenticate(body: Record<string, unknown>) {
    const secret = text(body, 'clientSecret');
    const approve = body['approve'] === true;
    const setupId = setupBySecret.get(secret);
    if (setupId) {
      const setup = setupById(setupId);
      if (setup.status !== 'requires_action')
        throw ctx.problem(400, 'invalid_request_error', 'Nothing to authenticate.');
      if (approve) return ok({ status: finishSetup(setup).status });
      setup.status = 'requires_payment_method';
      setup.failureMessage =
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
      return {
        status: 402,
        body: { status: setup.status, error: { type: 'card_error', message: setup.failureMessage } },
      };
    }
    const intentId = ctx.byClientSecret.get(secret);
    const intent = intentId ? ctx.intents.get(intentId) : undefined;
    if (!intent || intent.status !== 'requires_action')
      throw ctx.problem(400, 'invalid_request_error', 'Nothing to authenticate.');
    if (approve) {
      intent.status = 'succeeded';
      delete intent.failureMessage;
      ctx.sendEvent('payment_intent.succeeded', intent);
      return ok({ status: intent.status });
    }
    intent.status = 'requires_payment_method';
    intent.failureMessage =
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
    ctx.sendEvent('payment_intent.payment_failed', intent);
    return {
      status: 402,
      body: { status: intent.status, error: { type: 'card_error', message: intent.failureMessage } },
    };
  }

  /** One off-session try: the saved card decides, as the bank would without the payer. */
  function confirmOffSession(intent: FakeIntentJson, paymentMethodId: string): FakeOffSessionJson {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw ctx.problem(
        400,
        'invalid_request_error',
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        {
          code: 'payment_intent_unexpected_state',
        },
      );
    }
    const card = cardById(paymentMethodId);
    const owner = offSession.get(intent.id);
    if (!owner || card.customerId !== owner.customerId) {
      throw ctx.problem(400, 'invalid_request_error', 'The PaymentMethod is not attached to this customer.');
    }
    const outcome = card.offSession;
    if (outcome.kind === 'succeeds') {
      intent.status = 'succeeded';
      delete intent.failureMessage;
      ctx.sendEvent('payment_intent.succeeded', intent);
      return { ...intent };
    }
    if (outcome.kind === 'authenticate') {
      intent.status = 'requires_action';
      intent.failureMessage = 'This payment requires authentication.';
      return { ...intent, declineCode: 'authentication_required' };
    }
    intent.status = 'requires_payment_method';
    intent.failureMessage = outcome.message;
    ctx.sendEvent('payment_intent.payment_failed', intent);
    return { ...intent, declineCode: outcome.declineCode };
  }

  return {
    serve(method, path, body, key) {
      if (method === 'GET') {
        const setup = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
        if (setup) return ok(setupById(decodeURIComponent(setup[1]!)));
        const card = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
        if (card) return ok(publicCard(cardById(decodeURIComponent(card[1]!))));
        return undefined;
      }
      if (path === '/v1/customers') {
        return once(key, 'customer', () => {
          const id = newId('cus_fake_', 10);
          customers.add(id);
          return ok({ id, accountNumber: text(body, 'accountNumber') });
        });
      }
      if (path === '/v1/setup_intents') {
        return once(key, 'setup', () => {
          const customerId = text(body, 'customerId');
          if (!customers.has(customerId)) throw ctx.problem(400, 'invalid_request_error', 'No such customer.');
          const id = newId('seti_fake_', 12);
          const setup: FakeSetupIntentJson = {
            id,
            clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
            status: 'requires_payment_method',
            customerId,
          };
          setups.set(id, setup);
          setupBySecret.set(setup.clientSecret, id);
          return ok(setup);
        });
      }
      const detach = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path);
      if (detach) {
        const card = cardById(decodeURIComponent(detach[1]!));
        card.customerId = null;
        return ok(publicCard(card));
      }
      if (path === '/v1/off_session_intents') {
        // One intent per payment id, as /v1/intents; the customer and card are kept beside it.
        const intent = ctx.createIntent(body, key);
        if (!offSession.has(intent.id)) offSession.set(intent.id, { customerId: text(body, 'customerId') });
        return ok(intent);
      }
      const confirm = /^\/v1\/intents\/([^/]+)\/confirm_off_session$/.exec(path);
      if (confirm) {
        return once(key, 'confirm', () => {
          const intent = ctx.intents.get(decodeURIComponent(confirm[1]!));
          if (!intent) throw ctx.problem(404, 'invalid_request_error', 'No such payment_intent.');
          return ok(confirmOffSession(intent, text(body, 'paymentMethodId')));
        });
      }
      if (path === '/fake-gateway/setup') return confirmSetup(body);
      if (path === '/fake-gateway/authenticate') return authenticate(body);
      return undefined;
    },
  };
}
