import { lazySchema } from './lazy-schema';
import * as z from '../zod';
import { accountNumberSchema } from './account-number';
import { actorSchema } from './money';
import { pageCursorSchema, pageLimitSchema, pageSchema } from './paging';
import { multiLineText } from './text-fields';
import { STATEMENT_LINE_KINDS } from '../rules/statement-line-kinds';

/**
 * Monthly statements (docs/decisions/0103-monthly-statements.md): one stored item per account, month and
 * version, never changed once written; a correction is the next version, and the earlier one stays.
 */

/** One answer for a statement that does not exist and one of an account the caller may not see. */
export const STATEMENT_NOT_FOUND = 'Statement not found';

/** A statement month, 'YYYY-MM'. */
export const statementMonthSchema = lazySchema(() =>
  z.string().check(z.regex(/^20\d{2}-(0[1-9]|1[0-2])$/, 'Month is YYYY-MM, between 2000 and 2099')),
);

const cents = () => z.number().check(z.int());

export const statementLineSchema = lazySchema(() =>
  z.object({
    day: z.string(),
    kind: z.enum(STATEMENT_LINE_KINDS),
    invoiceNumber: z.optional(z.string()),
    reference: z.optional(z.string()),
    amountCents: cents(),
    column: z.enum(['charges', 'payments', 'credits']),
    balanceAfterCents: cents(),
  }),
);

/** What is owed by how far past due (core/rules/statements.ts AGING_BUCKETS). */
export const agingSchema = lazySchema(() =>
  z.object({
    current: cents(),
    days1To30: cents(),
    days31To60: cents(),
    days61To90: cents(),
    over90: cents(),
  }),
);

/** A statement as stored (table `statements`, pk accountNumber, sk `{month}#v{version, 4 digits}`). */
export const statementSchema = lazySchema(() =>
  z.object({
    accountNumber: z.string(),
    month: z.string(),
    /** 1 for the statement the schedule issued; each correction counts it up. */
    version: z.number().check(z.int(), z.gte(1)),
    periodFrom: z.string(),
    periodTo: z.string(),
    /** The zone the period's days are named in (the lab's calendar when it was issued). */
    timeZone: z.string(),
    practiceName: z.string(),
    issuedAt: z.string(),
    /** Who issued a correction, and why; the schedule's statements have neither. */
    correctedBy: z.optional(actorSchema),
    correctionReason: z.optional(z.string()),
    openingCents: cents(),
    chargesCents: cents(),
    paymentsCents: cents(),
    creditsCents: cents(),
    closingCents: cents(),
    lines: z.array(statementLineSchema),
    aging: agingSchema,
  }),
);
export type Statement = z.infer<typeof statementSchema>;

/** A row of a statement list: the numbers without the lines. */
export const statementSummarySchema = lazySchema(() => z.omit(statementSchema, { lines: true, correctedBy: true }));
export type StatementSummary = z.infer<typeof statementSummarySchema>;
export const statementPageSchema = lazySchema(() => pageSchema(statementSummarySchema));

/** Pay Online's Statements tab: one account's statements, newest month first, every version. */
export const listStatementsInputSchema = lazySchema(() =>
  z.strictObject({
    accountNumber: accountNumberSchema,
    limit: pageLimitSchema(60, 24),
    cursor: z.optional(pageCursorSchema),
  }),
);

/** The lab's all-accounts view: one month's statements by account. */
export const listAllStatementsInputSchema = lazySchema(() =>
  z.strictObject({
    month: statementMonthSchema,
    limit: pageLimitSchema(100, 50),
    cursor: z.optional(pageCursorSchema),
  }),
);

export const statementKeyInputSchema = lazySchema(() =>
  z.strictObject({
    accountNumber: accountNumberSchema,
    month: statementMonthSchema,
    version: z.number().check(z.int('Version is a whole number'), z.gte(1), z.lte(9999)),
  }),
);

/** A correction: the account's statement for the month worked out again, as the next version. */
export const correctStatementInputSchema = lazySchema(() =>
  z.strictObject({
    accountNumber: accountNumberSchema,
    month: statementMonthSchema,
    reason: multiLineText('Reason', 500),
  }),
);
