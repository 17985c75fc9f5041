import { defineRoutes } from '../define-routes';
import {
  accountInputSchema,
  billingViewSchema,
  cardInputSchema,
  cardSetupSchema,
  finishCardSetupInputSchema,
  setAutopayInputSchema,
} from '../schemas/cards';
import { CUSTOMER } from './access-groups';

/**
 * What every Cards & autopay route reads: the account's profile (cards, autopay) and this month's charge
 * (payments), the caller's linked accounts (users). The card vault is the payment gateway's.
 */
const READS = { billingProfiles: 'read', payments: 'read', users: 'read', tokens: 'read' } as const;
const WRITES = { ...READS, billingProfiles: 'readWrite' } as const;

/**
 * Cards on file and autopay (docs/decisions/0106-cards-on-file.md, 0107-autopay.md): the practice's own users,
 * for their linked accounts, as Pay Online. The lab's billing permission moves the lab's money, not a practice's
 * cards.
 */
export const cardRoutes = defineRoutes('cards', {
  getCardsAndAutopay: {
    input: accountInputSchema,
    output: billingViewSchema,
    access: CUSTOMER,
    practice: 'money',
    resources: { tables: READS },
  },
  startCardSetup: {
    input: accountInputSchema,
    output: cardSetupSchema,
    access: CUSTOMER,
    practice: 'money',
    resources: { tables: WRITES, paymentGateway: true },
  },
  finishCardSetup: {
    input: finishCardSetupInputSchema,
    output: billingViewSchema,
    access: CUSTOMER,
    practice: 'money',
    resources: { tables: WRITES, paymentGateway: true },
  },
  setDefaultCard: {
    input: cardInputSchema,
    output: billingViewSchema,
    access: CUSTOMER,
    practice: 'money',
    resources: { tables: WRITES },
  },
  removeCard: {
    input: cardInputSchema,
    output: billingViewSchema,
    access: CUSTOMER,
    practice: 'money',
    resources: { tables: WRITES, paymentGateway: true },
  },
  setAutopay: {
    input: setAutopayInputSchema,
    output: billingViewSchema,
    access: CUSTOMER,
    practice: 'money',
    resources: { tables: WRITES },
  },
});
