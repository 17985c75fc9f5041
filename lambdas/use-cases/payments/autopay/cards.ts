import { randomUUID } from 'node:crypto';
import { aborted, invalidArgument, notFound } from '../../../../core/errors';
import { monthOf } from '../../../../core/rules/autopay';
import { dayFromNumber, dayNumber } from '../../../../core/rules/calendar-days';
import type {
  AutopayRunView,
  BillingProfile,
  BillingView,
  CardSetup,
  SavedCard,
  setAutopayInputSchema,
} from '../../../../core/schemas/cards';
import type { Payment } from '../../../../core/schemas/payments';
import type * as z from '../../../../core/zod';
import type { Identity } from '../../../auth/verify-token';
import { assertAccountVisible, displayName } from '../../../kernel/caller';
import { retryAtOnce } from '../../../kernel/retry';
import type { CardDeps, VaultDeps } from './autopay-deps';
import { autopayPaymentId } from './autopay-payment-id';

/** One answer for an unknown card and another account's card. */
export const CARD_NOT_FOUND = 'Card not found';
export const SETUP_NOT_FOUND = 'This card setup was not found for the account. Add the card again.';
export const LAST_CARD_WITH_AUTOPAY =
  'Autopay pays with this card. Turn autopay off, or save another card, before removing it.';
export const AUTOPAY_NEEDS_CARD = 'Save a card first: autopay pays with the account’s default card.';
const BUSY = 'The cards could not be saved just now. Please try again.';

class ProfileChanged extends Error {}

/**
 * A read-decide-save step on the account's profile, again from a fresh read when another change landed first (two
 * tabs, a double click): each save is conditional on the version read.
 */
function changeProfile<T>(step: () => Promise<T>): Promise<T> {
  return retryAtOnce(
    { attempts: 8, retries: (error) => error instanceof ProfileChanged, exhausted: () => aborted(BUSY) },
    step,
  );
}

async function save(deps: Pick<CardDeps, 'profiles'>, profile: BillingProfile, expected: number | null) {
  if (!(await deps.profiles.save(profile, expected))) throw new ProfileChanged();
  return profile;
}

/**
 * The account's profile, made on first use with its gateway customer. The customer's idempotency key is the
 * account, so two first uses at once make one customer; the loser of the put reads the winner's.
 */
async function profileOf(accountNumber: string, deps: VaultDeps): Promise<BillingProfile> {
  const existing = await deps.profiles.get(accountNumber);
  if (existing) return existing;
  const { customerId } = await deps.vault.createCustomer({
    accountNumber,
    idempotencyKey: `lenslab-customer-${accountNumber}`,
  });
  const profile: BillingProfile = { accountNumber, gateway: deps.vault.kind, customerId, cards: [], version: 0 };
  if (await deps.profiles.save(profile, null)) return profile;
  const stored = await deps.profiles.get(accountNumber);
  if (!stored) throw aborted(BUSY);
  return stored;
}

/** Cards & autopay: the account's cards (default first), its autopay choice and this or last month's charge. */
export async function getCardsAndAutopay(
  caller: Identity,
  input: { accountNumber: string },
  deps: CardDeps,
): Promise<BillingView> {
  await assertAccountVisible(caller, input.accountNumber, deps);
  return billingView(input.accountNumber, await deps.profiles.get(input.accountNumber), deps);
}

/**
 * Step 1 of saving a card: a SetupIntent on the account's customer. The browser gives the card to the gateway
 * with its client secret (Stripe.js, or the fake's test card form): the card number never reaches the portal.
 */
export async function startCardSetup(
  caller: Identity,
  input: { accountNumber: string },
  deps: VaultDeps,
): Promise<CardSetup> {
  await assertAccountVisible(caller, input.accountNumber, deps);
  const profile = await profileOf(input.accountNumber, deps);
  const setup = await deps.vault.createSetupIntent({
    customerId: profile.customerId,
    accountNumber: input.accountNumber,
    idempotencyKey: `lenslab-setup-${randomUUID()}`,
  });
  return {
    setupIntentId: setup.setupIntentId,
    gateway: deps.vault.kind,
    clientSecret: setup.clientSecret,
    ...(deps.vault.publishableKey ? { publishableKey: deps.vault.publishableKey } : {}),
  };
}

/**
 * Step 2: after the gateway took the card. The browser's word is never taken: the server reads the setup and its
 * card from the gateway, checks both belong to this account's customer, and keeps brand, last four and expiry.
 * Safe to repeat (a card already saved is saved once); the account's first card becomes its default.
 */
export async function finishCardSetup(
  caller: Identity,
  input: { accountNumber: string; setupIntentId: string },
  deps: VaultDeps,
): Promise<BillingView> {
  await assertAccountVisible(caller, input.accountNumber, deps);
  const before = await deps.profiles.get(input.accountNumber);
  if (!before) throw notFound(SETUP_NOT_FOUND);
  const setup = await deps.vault.retrieveSetupIntent(input.setupIntentId);
  if (setup.customerId !== before.customerId) throw notFound(SETUP_NOT_FOUND);
  if (setup.status !== 'succeeded' || !setup.paymentMethodId) {
    const message = setup.failureMessage ?? 'The card is not saved yet: finish the card form first.';
    throw invalidArgument(message);
  }
  const card = await deps.vault.retrieveCard(setup.paymentMethodId);
  if (card.customerId !== before.customerId) throw notFound(SETUP_NOT_FOUND);
  const saved: SavedCard = {
    paymentMethodId: card.paymentMethodId,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    addedAt: deps.now().toISOString(),
  };
  const after = await changeProfile(async () => {
    const profile = (await deps.profiles.get(input.accountNumber))!;
    if (profile.cards.some((c) => c.paymentMethodId === saved.paymentMethodId)) return profile;
    return save(
      deps,
      {
        ...profile,
        cards: [...profile.cards, saved],
        defaultPaymentMethodId: profile.defaultPaymentMethodId ?? saved.paymentMethodId,
        version: profile.version + 1,
      },
      profile.version,
    );
  });
  deps.log.info('card saved', { accountNumber: input.accountNumber, brand: saved.brand });
  return billingView(input.accountNumber, after, deps);
}

/** The card autopay charges: one of the account's saved cards. */
export async function setDefaultCard(
  caller: Identity,
  input: { accountNumber: string; paymentMethodId: string },
  deps: CardDeps,
): Promise<BillingView> {
  await assertAccountVisible(caller, input.accountNumber, deps);
  const after = await changeProfile(async () => {
    const profile = await deps.profiles.get(input.accountNumber);
    if (!profile?.cards.some((c) => c.paymentMethodId === input.paymentMethodId)) throw notFound(CARD_NOT_FOUND);
    if (profile.defaultPaymentMethodId === input.paymentMethodId) return profile;
    const next = { ...profile, defaultPaymentMethodId: input.paymentMethodId, version: profile.version + 1 };
    return save(deps, next, profile.version);
  });
  return billingView(input.accountNumber, after, deps);
}

/**
 * Removes a card from the gateway's customer and the list. The default's place goes to the newest card left. The
 * last card cannot go while autopay is on: autopay would have nothing to charge on its day.
 */
export async function removeCard(
  caller: Identity,
  input: { accountNumber: string; paymentMethodId: string },
  deps: VaultDeps,
): Promise<BillingView> {
  await assertAccountVisible(caller, input.accountNumber, deps);
  const checked = (profile: BillingProfile | null) => {
    if (!profile?.cards.some((c) => c.paymentMethodId === input.paymentMethodId)) throw notFound(CARD_NOT_FOUND);
    if (profile.autopay?.enabled && profile.cards.length === 1) throw invalidArgument(LAST_CARD_WITH_AUTOPAY);
    return profile;
  };
  checked(await deps.profiles.get(input.accountNumber));
  // Detached first: a card the list no longer shows must not stay chargeable. Detaching twice is done.
  await deps.vault.detachCard(input.paymentMethodId);
  const after = await changeProfile(async () => {
    const profile = checked(await deps.profiles.get(input.accountNumber));
    const cards = profile.cards.filter((c) => c.paymentMethodId !== input.paymentMethodId);
    const keepsDefault = profile.defaultPaymentMethodId !== input.paymentMethodId;
    const next: BillingProfile = { ...profile, cards, version: profile.version + 1 };
    if (!keepsDefault) {
      delete next.defaultPaymentMethodId;
      const newest = cards.at(-1);
      if (newest) next.defaultPaymentMethodId = newest.paymentMethodId;
    }
    return save(deps, next, profile.version);
  });
  deps.log.info('card removed', { accountNumber: input.accountNumber });
  return billingView(input.accountNumber, after, deps);
}

/**
 * Turns autopay on (with a day and whether credit goes first) or off. On needs a default card. The caller becomes
 * the payer autopay emails (receipts, a bank's authentication request, a final failure). Off takes effect at once:
 * the job charges only accounts with autopay on, and a charge waiting for its next try is not tried again.
 */
export async function setAutopay(
  caller: Identity,
  input: z.output<typeof setAutopayInputSchema>,
  deps: CardDeps,
): Promise<BillingView> {
  await assertAccountVisible(caller, input.accountNumber, deps);
  const user = await deps.users.get(caller.userId);
  const payer = { userId: caller.userId, name: displayName(user, caller.email), email: user?.email ?? caller.email };
  const after = await changeProfile(async () => {
    const profile = await deps.profiles.get(input.accountNumber);
    if (input.enabled && !profile?.defaultPaymentMethodId) throw invalidArgument(AUTOPAY_NEEDS_CARD);
    if (!profile) return null;
    const autopay = {
      enabled: input.enabled,
      dayOfMonth: input.dayOfMonth,
      applyCredit: input.applyCredit,
      payer: input.enabled ? payer : (profile.autopay?.payer ?? payer),
      changedAt: deps.now().toISOString(),
    };
    return save(deps, { ...profile, autopay, version: profile.version + 1 }, profile.version);
  });
  deps.log.info('autopay changed', { accountNumber: input.accountNumber, enabled: input.enabled });
  return billingView(input.accountNumber, after, deps);
}

/** The month's autopay charge as the practice reads it. */
export function autopayRunView(payment: Payment): AutopayRunView | null {
  const charge = payment.autopay;
  if (!charge) return null;
  return {
    paymentId: payment.paymentId,
    month: charge.month,
    totalCents: payment.totalCents,
    invoiceNumbers: payment.allocations.map((a) => a.invoiceNumber),
    status: payment.status,
    attempts: charge.attempts,
    ...(charge.nextAttemptOn && payment.status === 'awaiting-card' ? { nextAttemptOn: charge.nextAttemptOn } : {}),
    needsAuthentication: payment.status === 'awaiting-card' && charge.needsAuthentication,
    ...(payment.failureMessage ? { failureMessage: payment.failureMessage } : {}),
    receiptNumber: payment.receiptNumber,
  };
}

async function billingView(
  accountNumber: string,
  profile: BillingProfile | null,
  deps: Pick<CardDeps, 'money' | 'now'>,
): Promise<BillingView> {
  const thisMonth = monthOf(deps.now().toISOString().slice(0, 10));
  const lastMonth = monthOf(dayFromNumber(dayNumber(`${thisMonth}-01`) - 1));
  let lastRun: AutopayRunView | null = null;
  for (const month of [thisMonth, lastMonth]) {
    const payment = await deps.money.getPayment(autopayPaymentId(accountNumber, month));
    if (payment?.accountNumber === accountNumber) {
      lastRun = autopayRunView(payment);
      break;
    }
  }
  const cards = profile?.cards ?? [];
  return {
    accountNumber,
    cards: cards.map((card) => ({ ...card, isDefault: card.paymentMethodId === profile?.defaultPaymentMethodId })),
    autopay: profile?.autopay
      ? {
          enabled: profile.autopay.enabled,
          dayOfMonth: profile.autopay.dayOfMonth,
          applyCredit: profile.autopay.applyCredit,
          payerName: profile.autopay.payer.name,
        }
      : null,
    lastRun,
  };
}
