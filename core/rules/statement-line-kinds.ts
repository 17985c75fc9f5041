/**
 * The kinds of a statement's lines: what the statement schema checks. A module of its own so the schemas, which
 * every signed-in page loads with the route table, do not carry the statement math (core/rules/statements.ts).
 */
export const STATEMENT_LINE_KINDS = ['invoice', 'payment', 'credit', 'refund', 'void', 'adjustment'] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];
