import type { RouteInput } from '../../../lib/api-client';

/** The query keys of statements: one account's list (Pay Online) and one month's (the lab's view). */
export const statementKeys = {
  all: ['statements'] as const,
  account: (input: RouteInput<'listStatements'>) => [...statementKeys.all, 'account', input] as const,
  month: (input: RouteInput<'listAllStatements'>) => [...statementKeys.all, 'month', input] as const,
};
