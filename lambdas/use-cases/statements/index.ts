/** What entry points use of statements: the monthly run and a correction. */
export { correctStatement, issueMonthlyStatements, type StatementRunReport } from './issue-statements';
export type { StatementDeps } from './statement-deps';
export { correctStatementFor, getStatementPdfUrl, listAllStatements, listStatements } from './statement-views';
