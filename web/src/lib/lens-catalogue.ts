import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * The lens catalogue as every screen reads it, under one cache key: Lens Management (the lenses feature),
 * the order form and the consult forms. Shared code, so those features need not import each other for it.
 * The API client is imported on use: a module importing it statically cannot join the signed-in pages'
 * shared file (scripts/code-splitting.ts), and the dashboard and the order form would fetch one more file.
 */

/** Query keys of the lens catalogue; a change to a design invalidates `lensKeys.all`. */
export const lensKeys = {
  all: ['lenses'] as const,
  list: (input: { includeInactive: boolean; account: string | null }) => [...lensKeys.all, 'list', input] as const,
};

export interface LensDesignsQuery {
  /** The account the prices are for (the sidebar's account); prices show only when it has pricingAllowed. */
  account?: string | null | undefined;
  /** Admins only: inactive designs too (customers always get active ones). */
  includeInactive?: boolean;
}

/** The lens catalogue in name order (route listLensDesigns). */
export const listLensDesigns = async ({ account, includeInactive = false }: LensDesignsQuery) =>
  (await import('./api-client')).callRoute('listLensDesigns', { includeInactive, ...(account ? { account } : {}) });

export const lensDesignsQueryOptions = (query: LensDesignsQuery = {}) =>
  queryOptions({
    queryKey: lensKeys.list({ includeInactive: query.includeInactive ?? false, account: query.account ?? null }),
    queryFn: () => listLensDesigns(query),
    // The catalogue changes rarely; the order form reads it on every visit.
    staleTime: 60_000,
  });

/**
 * The lens designs the caller may order or manage. The order form passes the account chosen in the
 * sidebar, so `priceCents` is present only for accounts whose practice may see prices.
 */
export const useLensDesigns = (query: LensDesignsQuery = {}) => useQuery(lensDesignsQueryOptions(query));
