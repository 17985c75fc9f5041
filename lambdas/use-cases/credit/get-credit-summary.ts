import type { CreditSummary, WarrantyClaim } from '../../../core/schemas/credit';
import { originalOrderIdOf } from '../../../core/rules/warranty';
import type { Order } from '../../../core/schemas/orders';
import type { Identity } from '../../auth/verify-token';
import { counterNames } from '../../ports/orders-repository';

import { assertAccountVisible } from '../../kernel/caller';
import type { CreditDeps } from './credit-deps';
import { ACCOUNT_CLAIMS_READ, customerClaim, holdsLens, lensKeyOf } from './credit-views';
import { stillInWindow, warrantyLensesOf } from './warranty-lenses';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Closed orders are listed newest placed first; an order placed this long ago cannot still be in a window
 * (the longest `warrantyDays` is 730, and an order ships within months of being placed), so reading stops there.
 */
const LOOKBACK_DAYS = 730 + 365;
const ORDERS_PAGE = 100;
/** At most this many pages of closed orders (2,000 orders): a bound on one request's reads. */
const MAX_ORDER_PAGES = 20;
/** Claims shown on the page (newest first); older ones stay in the ledger's history. */
const CLAIMS_SHOWN = 100;

/** The account's closed orders that may still be in a window, page by page (newest placed first). */
async function recentClosedOrders(
  caller: Identity,
  accountNumber: string,
  now: Date,
  deps: Pick<CreditDeps, 'orders'>,
): Promise<Order[]> {
  const cutoff = new Date(now.getTime() - LOOKBACK_DAYS * DAY_MS).toISOString();
  const orders: Order[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_ORDER_PAGES; page++) {
    const { items, nextCursor } = await deps.orders.listByAccount({
      accountNumber,
      status: 'closed',
      draftsOf: caller.userId,
      limit: ORDERS_PAGE,
      cursor,
    });
    // The list's own order: by when placed (a draft may have been started long before).
    const recent = items.filter((o) => (o.submittedAt ?? o.createdAt) >= cutoff);
    orders.push(...recent);
    if (!nextCursor || recent.length < items.length) break;
    cursor = nextCursor;
  }
  return orders;
}

/**
 * Lens Credit's page: the balance (available, and pending until returned lenses arrive),
 * every shipped lens still in its warranty window with the exchanges used of those its policy allows, and
 * the account's claims. A lens with a claim that is not denied carries that claim's id.
 */
export async function getCreditSummary(
  caller: Identity,
  input: { accountNumber: string },
  deps: Pick<CreditDeps, 'money' | 'orders' | 'users' | 'now'>,
): Promise<CreditSummary> {
  await assertAccountVisible(caller, input.accountNumber, deps);
  const accountNumber = input.accountNumber;
  const now = deps.now();
  const [balance, orders, claims] = await Promise.all([
    deps.money.getCreditBalance(accountNumber),
    recentClosedOrders(caller, accountNumber, now, deps),
    deps.money.listAccountClaims(accountNumber, ACCOUNT_CLAIMS_READ),
  ]);

  const inWindow = orders.flatMap((order) =>
    warrantyLensesOf(order, now, stillInWindow).map((lens) => ({
      lens,
      // Exchanges are counted on the chain's original lens; the mark says this very lens was replaced.
      counter: counterNames.exchanges(originalOrderIdOf(order), lens.eye),
      mark: counterNames.remade(order.orderId, lens.eye),
    })),
  );
  const used = inWindow.length ? await deps.orders.counters(inWindow.flatMap((l) => [l.counter, l.mark])) : {};
  // Newest first, so a lens's newest live claim wins.
  const liveClaims = new Map<string, WarrantyClaim>();
  for (const claim of claims)
    if (holdsLens(claim) && !liveClaims.has(lensKeyOf(claim))) liveClaims.set(lensKeyOf(claim), claim);

  const lenses = inWindow
    .map(({ lens, counter, mark }) => {
      const claim = liveClaims.get(lensKeyOf(lens));
      return {
        ...lens,
        exchangesUsed: used[counter] ?? 0,
        ...((used[mark] ?? 0) > 0 ? { exchanged: true } : {}),
        ...(claim ? { openClaimId: claim.claimId } : {}),
      };
    })
    .sort(
      (a, b) => a.daysLeft - b.daysLeft || a.orderNumber.localeCompare(b.orderNumber) || a.eye.localeCompare(b.eye),
    );

  return {
    accountNumber,
    availableCents: balance.availableCents,
    pendingCents: balance.pendingCents,
    lensesInWarranty: lenses,
    claims: claims.slice(0, CLAIMS_SHOWN).map(customerClaim),
  };
}
