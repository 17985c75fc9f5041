import { describe, expect, it } from 'vitest';
import { indexNotReadable } from '../../../../lambdas/adapters/dynamo-order-reads';

/** An error named as the AWS SDK names DynamoDB's refusals. */
function refusal(name: string, message: string): Error {
  return Object.assign(new Error(message), { name });
}

describe("a practice's lists fall back to byAccount only while placedByAccount cannot be read", () => {
  it('DynamoDB filling the index after the deploy that added it, or not having it yet, is such a refusal', () => {
    expect(
      indexNotReadable(
        refusal('ValidationException', 'Cannot read from backfilling global secondary index: placedByAccount'),
      ),
    ).toBe(true);
    expect(
      indexNotReadable(refusal('ValidationException', 'The table does not have the specified index: placedByAccount')),
    ).toBe(true);
  });

  it('any other failure is not: it is answered as it is, never hidden by reading another index', () => {
    expect(indexNotReadable(refusal('ValidationException', 'Item size has exceeded the maximum allowed size'))).toBe(
      false,
    );
    expect(indexNotReadable(refusal('ProvisionedThroughputExceededException', 'backfilling'))).toBe(false);
    expect(indexNotReadable('The table does not have the specified index')).toBe(false);
  });
});
