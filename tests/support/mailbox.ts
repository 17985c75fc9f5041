/** Reads the SES emulator's store, where every email the portal (or the Cognito bridge) sends lands. */
export interface StoredEmail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

export async function listEmails(sesUrl: string): Promise<StoredEmail[]> {
  const res = await fetch(`${sesUrl}/store`);
  const store = (await res.json()) as { emails: StoredEmail[] };
  return store.emails;
}

/** Polls until an email to `to` matching `match` arrives; fails with what did arrive after `timeoutMs`. */
export async function waitForEmail(
  sesUrl: string,
  to: string,
  match: (email: StoredEmail) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<StoredEmail> {
  const deadline = Date.now() + timeoutMs;
  let seen: StoredEmail[] = [];
  while (Date.now() < deadline) {
    seen = (await listEmails(sesUrl)).filter((e) => e.destination.to.some((t) => t.toLowerCase() === to.toLowerCase()));
    const found = seen.filter(match).at(-1);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`No matching email to ${to}; got: ${seen.map((e) => e.subject).join(' | ') || 'none'}`);
}

/** The first 6-digit code in an email body. */
export function codeIn(email: StoredEmail): string {
  const code = /\b(\d{6})\b/.exec(email.body.text ?? email.body.html ?? '')?.[1];
  if (!code) throw new Error(`No code in email "${email.subject}"`);
  return code;
}
