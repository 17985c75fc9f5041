/**
 * The lists and limits of parcel claims the order schema names (core/rules/parcel-claims.ts has the rule and
 * its words), in a file that imports nothing: every page loads the route table and with it these, so they stay
 * few and small, and never bring the calendar rules the claim window's message needs.
 */

/** Days after shipping a parcel may be reported: whole 24-hour days from the close, the 30th included. */
export const PARCEL_CLAIM_DAYS = 30;

export const PARCEL_CLAIM_KINDS = ['missing', 'damaged'] as const;
export type ParcelClaimKind = (typeof PARCEL_CLAIM_KINDS)[number];

export const PARCEL_CLAIM_STATUSES = ['open', 'replaced', 'declined'] as const;
export type ParcelClaimStatus = (typeof PARCEL_CLAIM_STATUSES)[number];

export const PARCEL_CLAIM_DECISIONS = ['replace', 'decline'] as const;
export type ParcelClaimDecision = (typeof PARCEL_CLAIM_DECISIONS)[number];

/** A claim note (the practice's account of what happened, the lab's decision note) is at most this long. */
export const PARCEL_CLAIM_NOTE_MAX = 1000;

/** A decline's note is its reason, which the practice reads: the schema and the server both require it. */
export const DECLINE_NEEDS_NOTE = 'Say why the claim is declined: the practice reads it.';
