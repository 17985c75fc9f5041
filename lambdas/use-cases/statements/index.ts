/** What entry points use of statements: the monthly run, a correction, the lists and a version's PDF. */
export { correctStatement, issueMonthlyStatements, type StatementRunReport } from './issue-statements';
export type { StatementDeps } from './statement-deps';
export { correctStatementFor, listAllStatements, listStatements } from './statement-views';
export { getStatementPdfUrl } from './statement-pdf-url';
