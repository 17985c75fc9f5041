/**
 * The days of the month a practice may choose for autopay. Not 29-31: every month has them, so "the 28th" never
 * has to mean "the last day of February" and no month is skipped or charged twice. A module of its own so the
 * schemas, which every signed-in page loads with the route table, do not carry autopay's calendar math.
 */
export const AUTOPAY_FIRST_DAY = 1;
export const AUTOPAY_LAST_DAY = 28;
