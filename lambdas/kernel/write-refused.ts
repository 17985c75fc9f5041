/**
 * A conditional write a store refused, in terms the use cases act on. One type for every port; each port
 * names its own reasons (a union) and makes and recognises its refusals through `refusalsOf`, so a use case
 * never mistakes another store's refusal for its own.
 */
export class WriteRefused<R extends string = string> extends Error {
  constructor(
    /** The store that refused ('order', 'money', 'consult'; '' for the record stores' shared reasons). */
    readonly store: string,
    readonly reason: R,
    /** Which part was refused, when the store can tell: 'invoice:INV-1', 'credit:BV-1001'. */
    readonly item?: string,
  ) {
    super(`${store ? `${store} ` : ''}write refused: ${reason}${item ? ` (${item})` : ''}`);
    this.name = 'WriteRefused';
  }
}

export interface Refusals<R extends string> {
  refuse(reason: R, item?: string): WriteRefused<R>;
  /** This store's refusal, of one of `reasons` when any are named. */
  is(error: unknown, ...reasons: R[]): error is WriteRefused<R>;
}

export function refusalsOf<R extends string>(store: string): Refusals<R> {
  return {
    refuse: (reason, item) => new WriteRefused<R>(store, reason, item),
    is: (error, ...reasons): error is WriteRefused<R> =>
      error instanceof WriteRefused &&
      error.store === store &&
      (reasons.length === 0 || reasons.includes(error.reason as R)),
  };
}
