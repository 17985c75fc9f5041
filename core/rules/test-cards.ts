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
