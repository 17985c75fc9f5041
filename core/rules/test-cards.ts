/**
 * The fake card gateway's cards (local stack and tests), Stripe's published test numbers with Stripe's own
 * messages, so a journey written against the fake reads the same against Stripe's test mode. Shared by the
 * fake gateway service (local/fake-gateway) and the test card form (web/src/features/payments/checkout).
 */
export interface TestCard {
  number: string;
  label: string;
  /** null: the card is accepted. */
  decline: { code: string; declineCode?: string; message: string } | null;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', label: 'Succeeds', decline: null },
  {
    number: '4000000000000002',
    label: 'Declined',
    decline: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  },
  {
    number: '4000000000009995',
    label: 'Declined: insufficient funds',
    decline: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
];

/** Any other number: what Stripe answers for a number that is no card. */
export const UNKNOWN_CARD_DECLINE = { code: 'incorrect_number', message: 'Your card number is incorrect.' } as const;

/** Digits only: "4242 4242 4242 4242" and "4242-4242-4242-4242" are the same card. */
export const cardDigits = (text: string) => text.replace(/[\s-]/g, '');

/** "4242 4242 4242 4242", as printed on a card. */
export const groupCardNumber = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The decline for a card number, or null when the card is accepted. */
export function testCardDecline(cardNumber: string): TestCard['decline'] | typeof UNKNOWN_CARD_DECLINE {
  const card = TEST_CARDS.find((c) => c.number === cardDigits(cardNumber));
  return card ? card.decline : UNKNOWN_CARD_DECLINE;
}

/**
 * What a card form checks before anything is sent (Stripe.js does the same in the Payment Element): the
 * expiry as MM/YY not in the past, a 3- or 4-digit security code. Null when both are fine.
 */
export function cardFormProblem(
  input: { cardNumber: string; expiry: string; cvc: string },
  now = new Date(),
): { field: 'cardNumber' | 'expiry' | 'cvc'; message: string } | null {
  if (!/^\d{1,19}$/.test(cardDigits(input.cardNumber))) {
    return { field: 'cardNumber', message: 'Your card number is incomplete.' };
  }
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
  if (!expiry) return { field: 'expiry', message: "Your card's expiration date is incomplete." };
  const month = Number(expiry[1]);
  const year = 2000 + Number(expiry[2]);
  if (month < 1 || month > 12) return { field: 'expiry', message: "Your card's expiration date is invalid." };
  // A card is valid through the last day of its expiry month.
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return { field: 'expiry', message: "Your card's expiration date is in the past." };
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) return { field: 'cvc', message: "Your card's security code is incomplete." };
  return null;
}

// ---- Saved cards (cards on file and autopay; docs/decisions/0106-cards-on-file.md) ----

/** What a card does when it is charged without the payer (autopay's off-session charge). */
export type OffSessionOutcome =
  | { kind: 'succeeds' }
  /** The bank asks the payer to authenticate this payment too (Stripe's "always authenticate" card). */
  | { kind: 'authenticate' }
  | { kind: 'declined'; code: 'card_declined'; declineCode: string; message: string };

export interface SavedTestCard {
  number: string;
  label: string;
  brand: 'visa' | 'mastercard';
  /** Saving it asks the payer to authenticate with their bank first (3-D Secure). */
  authenticateToSave: boolean;
  offSession: OffSessionOutcome;
}

/**
 * Stripe's test cards as the fake gateway saves and charges them (a card not listed here saves as Pay Online's form
 * treats it: declined when TEST_CARDS declines it). 4000 0025 0000 3155 asks for authentication when it is saved and
 * is then charged off-session without the payer, as in Stripe; 4000 0027 6000 3184 asks every time.
 */
export const SAVED_TEST_CARDS: readonly SavedTestCard[] = [
  {
    number: '4242424242424242',
    label: 'Saves; charges succeed',
    brand: 'visa',
    authenticateToSave: false,
    offSession: { kind: 'succeeds' },
  },
  {
    number: '5555555555554444',
    label: 'Mastercard; charges succeed',
    brand: 'mastercard',
    authenticateToSave: false,
    offSession: { kind: 'succeeds' },
  },
  {
    number: '4000002500003155',
    label: 'Asks for authentication when saved',
    brand: 'visa',
    authenticateToSave: true,
    offSession: { kind: 'succeeds' },
  },
  {
    number: '4000002760003184',
    label: 'Asks for authentication on every charge',
    brand: 'visa',
    authenticateToSave: true,
    offSession: { kind: 'authenticate' },
  },
  {
    number: '4000000000000341',
    label: 'Saves; charges declined',
    brand: 'visa',
    authenticateToSave: false,
    offSession: {
      kind: 'declined',
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    },
  },
];

/** The saved-card behavior of a number, or null when it cannot be saved (declined, or no card). */
export function savedTestCard(cardNumber: string): SavedTestCard | null {
  return SAVED_TEST_CARDS.find((c) => c.number === cardDigits(cardNumber)) ?? null;
}
