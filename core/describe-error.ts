import { passesLuhn } from './rules/luhn';

/**
 * The one way a caught value becomes something a log line can carry, on the server, in the browser and in
 * the local tools. A message can quote what a service was sent (a token it refused, a card number a gateway
 * echoed), and the loggers mask by key, which cannot see inside a message: so whatever looks like a
 * credential or a card number is masked here, in the message and in the stack.
 */
export interface ErrorDescription {
  /** The error's class name (`TypeError`, `ConditionalCheckFailedException`); absent for a thrown non-Error. */
  name?: string;
  message: string;
  /** Only when asked for: unhandled errors, where the place matters more than the line's size. */
  stack?: string;
}

export const MASK = '[masked]';

/** Shapes of secrets that error messages have been seen to quote (SDKs, Stripe, Cognito, fetch). */
const SECRET_SHAPES: readonly RegExp[] = [
  // JSON Web Tokens (Cognito id, access and refresh tokens).
  /\beyJ[\w-]+\.[\w-]+(?:\.[\w-]*)?/g,
  /\bBearer\s+[\w.~+/-]+=*/gi,
  // Stripe secret and publishable keys, webhook secrets and PaymentIntent client secrets.
  /\b(?:sk|pk|rk)_(?:test|live)_\w+/g,
  /\bwhsec_\w+/g,
  /\b(?:pi|seti)_\w+?_secret_\w+/g,
  // key=value or "key": "value" pairs whose key names a secret.
  /((?:password|passcode|token|secret|authorization|cookie|cvc|cvv)\w*["']?\s*[:=]\s*["']?)[^\s"',;&}]+/gi,
];

/** 13 to 19 digits, optionally grouped by spaces or dashes: the lengths card numbers have. */
const DIGIT_RUN = /\b\d(?:[ -]?\d){12,18}\b/g;

/** The text with every credential and card number replaced by MASK. */
export function maskSecrets(text: string): string {
  let out = text;
  for (const shape of SECRET_SHAPES) {
    out = out.replace(shape, (match, keyPart?: unknown) => (typeof keyPart === 'string' ? `${keyPart}${MASK}` : MASK));
  }
  return out.replace(DIGIT_RUN, (run) => (passesLuhn(run.replace(/\D/g, '')) ? MASK : run));
}

/** A caught value as a log field: name and message (and the stack when asked), secrets masked. */
export function describeError(error: unknown, options: { stack?: boolean } = {}): ErrorDescription {
  if (!(error instanceof Error)) return { message: maskSecrets(String(error)) };
  return {
    name: error.name,
    message: maskSecrets(error.message),
    ...(options.stack && error.stack ? { stack: maskSecrets(error.stack) } : {}),
  };
}
