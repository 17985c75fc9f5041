/**
 * What may go into the audit log's before/after values ("nothing in it is a token or a
 * password"). Dropped by key name, at any depth: credentials (passwords, tokens, client secrets, keys), card
 * data, the patient's free text (patient names and references, order and line notes, clinical
 * instructions) and a consult's clinical text (question, observations, the lab's answer). Dropped by value, whatever the key: anything shaped like a JWT or a card number. Long text
 * (an email template's body) is cut, so one entry stays far below DynamoDB's 400 KB item limit.
 */
const SECRET_KEY = /pass(word|code)|secret|token|authori[sz]ation|cookie|jwt|api[-_]?key|private[-_]?key/i;
const CARD_KEY = /card|cvc|cvv|\bpan\b|expiry|exp_?(month|year)/i;
const PATIENT_KEY = /patient|^notes?$|^linenotes?$|instructions?$/i;
/**
 * Clinical free text of a consult: the practice's question and observations, and the lab's answer (`text` of
 * a consult's `reply`). It is written about one patient's eyes, so the trail keeps who answered, when and the
 * proposed lens, never the words.
 */
const CLINICAL_KEY = /^(question|observations)$/i;
const CLINICAL_CHILD_KEYS: Readonly<Record<string, readonly string[]>> = { reply: ['text'] };

const JWT_LIKE = /^[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}$/;
const CARD_NUMBER_LIKE = /^(?:\d[ -]?){13,19}$/;

export const MAX_AUDIT_TEXT = 500;
const MAX_DEPTH = 6;
const MAX_ARRAY = 50;

/** True when a key's value never goes into the audit log; `parentKey` names the object that holds it. */
export function isDroppedKey(key: string, parentKey?: string): boolean {
  return (
    SECRET_KEY.test(key) ||
    CARD_KEY.test(key) ||
    PATIENT_KEY.test(key) ||
    CLINICAL_KEY.test(key) ||
    (parentKey !== undefined && (CLINICAL_CHILD_KEYS[parentKey]?.includes(key) ?? false))
  );
}

function redactValue(value: unknown, depth: number, key?: string): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (JWT_LIKE.test(trimmed) || CARD_NUMBER_LIKE.test(trimmed)) return '[redacted]';
    return value.length > MAX_AUDIT_TEXT ? `${value.slice(0, MAX_AUDIT_TEXT)}... [${value.length} characters]` : value;
  }
  if (value === null || typeof value !== 'object') {
    // Functions, symbols and bigints are not data: leave them out rather than store something odd.
    return typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
  }
  if (depth >= MAX_DEPTH) return '[nested]';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ARRAY).map((v) => redactValue(v, depth + 1, key));
    return value.length > MAX_ARRAY ? [...items, `[${value.length - MAX_ARRAY} more]`] : items;
  }
  return redactAuditValues(value, depth + 1, key);
}

/** A copy of `values` holding nothing the audit log must not keep; `undefined` values are left out. */
export function redactAuditValues(values: object, depth = 0, parentKey?: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (isDroppedKey(key, parentKey)) continue;
    const kept = redactValue(value, depth, key);
    if (kept !== undefined) out[key] = kept;
  }
  return out;
}

/**
 * The before and after of a change, reduced to what changed: when both exist only the keys whose values
 * differ are kept, plus `keep` (ids that say which record it is). A create has no before and a delete no
 * after; their one side is kept whole. Both sides are redacted.
 */
export function changedValues(
  beforeValues: object | null | undefined,
  afterValues: object | null | undefined,
  keep: readonly string[] = [],
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (!beforeValues || !afterValues) {
    return {
      before: beforeValues ? redactAuditValues(beforeValues) : null,
      after: afterValues ? redactAuditValues(afterValues) : null,
    };
  }
  const before = beforeValues as Record<string, unknown>;
  const after = afterValues as Record<string, unknown>;
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changedBefore: Record<string, unknown> = {};
  const changedAfter: Record<string, unknown> = {};
  for (const key of keys) {
    const same = JSON.stringify(before[key]) === JSON.stringify(after[key]);
    if (same && !keep.includes(key)) continue;
    if (key in before) changedBefore[key] = before[key];
    if (key in after) changedAfter[key] = after[key];
  }
  return { before: redactAuditValues(changedBefore), after: redactAuditValues(changedAfter) };
}
