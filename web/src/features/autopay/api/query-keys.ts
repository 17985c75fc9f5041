/** The query keys of cards and autopay: one account's cards, autopay choice and month's charge. */
export const billingKeys = {
  all: ['billing'] as const,
  account: (accountNumber: string) => [...billingKeys.all, accountNumber] as const,
};
