/**
 * The one way the portal builds an email. User-supplied values are HTML-escaped in bodies (the `html`
 * tag escapes every interpolated value unless it is already SafeHtml), and subjects and addresses refuse
 * CR, LF and other control characters, so no value can add a header or a recipient (header injection).
 * Templated emails build on this: a template's text goes through `html` and `composeEmail` like these.
 */

/** A value was refused because it could change the email's headers or recipients. */
export class UnsafeEmailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeEmailError';
  }
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** HTML that is safe to put in a body as it is: made by `html` (or a constant of ours), never raw input. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

function fragment(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(fragment).join('');
  if (value === null || value === undefined) return '';
  return escapeHtml(String(value));
}

/** Tagged template: `html\`<p>Hello ${name}</p>\`` escapes `name`; nested `html` fragments and arrays compose. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  return new SafeHtml(
    strings.reduce((out, part, i) => out + part + (i < values.length ? fragment(values[i]) : ''), ''),
  );
}

const CONTROL = /\p{Cc}/u;
/**
 * Invisible format characters: bidi overrides that make "gpj.exe" read "exe.jpg", zero-width spaces and joiners
 * that hide a word from a filter. A subject shows as one plain line, so it holds none.
 */
const FORMAT = /\p{Cf}/gu;

/** The text without invisible format characters (what a value may bring into a subject). */
export function withoutFormatCharacters(value: string): string {
  return value.replace(FORMAT, '');
}

/** A header value (subject, display text): one line, no control or invisible format characters. */
export function headerValue(value: string, field = 'subject'): string {
  if (CONTROL.test(value)) throw new UnsafeEmailError(`The email ${field} contains a line break or control character`);
  if (withoutFormatCharacters(value) !== value) {
    throw new UnsafeEmailError(`The email ${field} contains an invisible formatting character`);
  }
  if (value.length > 998) throw new UnsafeEmailError(`The email ${field} is too long`);
  return value;
}

// One plain address: no display name, list separator, brackets, quotes or spaces (any of which could
// smuggle a second recipient past a header writer).
const ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function emailAddress(value: string): string {
  headerValue(value, 'address');
  if (value.length > 254 || !ADDRESS.test(value)) throw new UnsafeEmailError('Not a single plain email address');
  return value;
}

// A scheme ("https://", "ftp://") and a dot with a host-name label after it (two or more letters or digits, one
// a letter), also the ideographic and full-width dots that some clients read as dots.
const SCHEME = /\b([a-z][a-z0-9+.-]*):\/\//gi;
const HOST_DOT = /(?<=[\p{L}\p{N}])[.\u3002\uFF0E\uFF61](?=[\p{L}\p{N}-]*\p{L})(?=[\p{L}\p{N}-]{2})/gu;

/**
 * Text someone typed (a practice name, a question), made inert for mail clients, which turn anything that
 * looks like an address into a link whatever the HTML says: a scheme's "://" becomes "[:]//" and a host name's
 * dots "[.]" ("https[:]//evil[.]example"), as security advisories write addresses. A word with a dot in it
 * ("Dr.Lee") is bracketed too; numbers ("4.5 mm") and abbreviations ("e.g.") are left alone.
 */
export function inertText(value: string): string {
  return value.replace(SCHEME, '$1[:]//').replace(HOST_DOT, '[.]');
}

declare const composed: unique symbol;
/** An email checked by composeEmail; the EmailSender port takes nothing else. */
export interface OutgoingEmail {
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly replyTo?: string | undefined;
  readonly [composed]: true;
}

export interface EmailDraft {
  to: string | readonly string[];
  subject: string;
  /** The plain-text part: shown as text, so values need no escaping, only the subject and addresses do. */
  text: string;
  html: SafeHtml;
  replyTo?: string | undefined;
}

/** Checks every header value and address and freezes the email. Throws UnsafeEmailError. */
export function composeEmail(draft: EmailDraft): OutgoingEmail {
  const to = (typeof draft.to === 'string' ? [draft.to] : [...draft.to]).map(emailAddress);
  if (to.length === 0) throw new UnsafeEmailError('An email needs a recipient');
  const email = {
    to,
    subject: headerValue(draft.subject),
    text: draft.text,
    html: draft.html.value,
    ...(draft.replyTo ? { replyTo: emailAddress(draft.replyTo) } : {}),
  };
  return Object.freeze(email) as unknown as OutgoingEmail;
}

/** An email as the outbox stores it (plain JSON), for one composed before it is sent. */
export interface StoredEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string | undefined;
  /**
   * Send one email per address, each naming only its own recipient: one notice for many people who must not see
   * each other's addresses, and one outbox item in the change's transaction however many they are.
   */
  separately?: true | undefined;
}

export function storedEmail(email: OutgoingEmail): StoredEmail {
  return {
    to: [...email.to],
    subject: email.subject,
    text: email.text,
    html: email.html,
    ...(email.replyTo ? { replyTo: email.replyTo } : {}),
  };
}

/** The emails a stored one is sent as: itself, or one per address when it goes to each separately. */
export function storedEmailSends(stored: StoredEmail): StoredEmail[] {
  if (!stored.separately) return [stored];
  const { separately: _each, ...email } = stored;
  return stored.to.map((address) => ({ ...email, to: [address] }));
}

/**
 * An email the outbox kept, composed again: its HTML was made by `html` when it was first composed (the outbox
 * is written only by our own transactions), and the addresses and subject are checked again.
 */
export function reviveEmail(stored: StoredEmail): OutgoingEmail {
  return composeEmail({ ...stored, html: new SafeHtml(stored.html) });
}
