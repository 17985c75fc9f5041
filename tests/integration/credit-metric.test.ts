import './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dynamoMoneyStore } from '../../lambdas/adapters/dynamo-money-store';
import { moneyRefusals } from '../../lambdas/ports/money-store';
import { creditChange } from '../../lambdas/use-cases/credit/credit-moves';

/** Every committed grant is counted in the day's-credit metric (docs/decisions/0093-an-alarm-on-the-credit-granted-each-day.md). */
describe('the money store counts the credit each committed change grants', () => {
  const grant = (accountNumber: string, amountCents: number, entryId = randomUUID()) => ({
    kind: 'grant' as const,
    amountCents,
    fields: {
      entryId,
      at: new Date().toISOString(),
      reason: 'goodwill' as const,
      by: { userId: 'u-lab', name: 'Lara' },
    },
  });

  it('a commit with grants reports their sum once; a refused commit reports nothing', async () => {
    const counted: number[] = [];
    const money = dynamoMoneyStore({ metrics: { creditGranted: (cents) => counted.push(cents) } });
    const accountNumber = `MET-${randomUUID().slice(0, 8).toUpperCase()}`;
    const balance = await money.getCreditBalance(accountNumber);
    const entryId = randomUUID();
    await money.commit({
      credit: [creditChange(balance, [grant(accountNumber, 1_500, entryId), grant(accountNumber, 500)])],
    });
    expect(counted).toEqual([2_000]);

    // The same entry again (the balance read before the first commit): refused, not counted.
    await expect(
      money.commit({ credit: [creditChange(balance, [grant(accountNumber, 1_500, entryId)])] }),
    ).rejects.toSatisfy((error) => moneyRefusals.is(error));
    expect(counted).toEqual([2_000]);
  });
});
