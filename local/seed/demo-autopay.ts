import { AdminGetUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { fakeCardVault } from '../../lambdas/adapters/fake-payment-gateway';
import type { BillingProfileStore } from '../../lambdas/ports/billing-profile-store';
import { DEMO_USERS } from './demo-data';

/** The demo account on autopay: Harbor Vision's main account (no open invoices, so nothing is charged at start). */
export const DEMO_AUTOPAY_ACCOUNT = 'HV-2001';
const DEMO_CARD = { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' };

/**
 * Harbor Vision (HV-2001) on autopay on the 28th with a saved test Visa (docs/decisions/0106-cards-on-file.md).
 * Run at every start, not only the first seed: the fake gateway keeps its customers and cards in memory, so the card
 * is saved again (as the practice's browser would, through the fake's setup page) and the profile points at it. The
 * practice's own autopay choice, once it made one, is kept.
 */
export async function ensureDemoAutopay(deps: {
  fakeGatewayUrl: string;
  profiles: BillingProfileStore;
  cognito: CognitoIdentityProviderClient;
  userPoolId: string;
  now?: () => Date;
}): Promise<void> {
  const now = (deps.now ?? (() => new Date()))().toISOString();
  const user = DEMO_USERS.find((u) => u.key === 'secondPractice')!;
  const found = await deps.cognito.send(new AdminGetUserCommand({ UserPoolId: deps.userPoolId, Username: user.email }));
  const userId = found.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? found.Username ?? user.email;
  const vault = fakeCardVault({ baseUrl: deps.fakeGatewayUrl });
  const { customerId } = await vault.createCustomer({
    accountNumber: DEMO_AUTOPAY_ACCOUNT,
    idempotencyKey: `lenslab-customer-${DEMO_AUTOPAY_ACCOUNT}`,
  });
  const setup = await vault.createSetupIntent({
    customerId,
    accountNumber: DEMO_AUTOPAY_ACCOUNT,
    idempotencyKey: `lenslab-demo-setup-${DEMO_AUTOPAY_ACCOUNT}`,
  });
  const given = await fetch(`${deps.fakeGatewayUrl}/fake-gateway/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientSecret: setup.clientSecret, ...DEMO_CARD }),
  });
  await given.arrayBuffer();
  const saved = await vault.retrieveSetupIntent(setup.setupIntentId);
  const card = await vault.retrieveCard(saved.paymentMethodId!);
  const existing = await deps.profiles.get(DEMO_AUTOPAY_ACCOUNT);
  await deps.profiles.save(
    {
      accountNumber: DEMO_AUTOPAY_ACCOUNT,
      gateway: 'fake',
      customerId,
      cards: [
        {
          paymentMethodId: card.paymentMethodId,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          addedAt: now,
        },
      ],
      defaultPaymentMethodId: card.paymentMethodId,
      autopay: existing?.autopay ?? {
        enabled: true,
        dayOfMonth: 28,
        applyCredit: true,
        payer: { userId, name: `${user.firstName} ${user.lastName}`, email: user.email },
        changedAt: now,
      },
      version: existing ? existing.version + 1 : 0,
    },
    existing ? existing.version : null,
  );
}
