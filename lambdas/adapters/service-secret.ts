import { getSecretString } from './aws/secrets-manager';

/** What a service secret's JSON must be: a zod schema's safeParse. */
interface SecretShape<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
}

/**
 * A third-party service's keys from its Secrets Manager secret (JSON): read with `readSecret`, checked against
 * `shape`. The errors name `what` ("payment secret") and the fields wrong, never the secret's text.
 */
export async function readServiceSecret<T>(
  readSecret: (secretId: string) => Promise<string>,
  secretId: string,
  shape: SecretShape<T>,
  what: string,
): Promise<T> {
  const json = jsonOrUndefined(await readSecret(secretId));
  // JSON.parse's own error would quote the secret's text: say only what is wrong.
  if (json === undefined) throw new Error(`The ${what} is not JSON`);
  const parsed = shape.safeParse(json);
  if (!parsed.success) {
    throw new Error(`The ${what} is not valid: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  }
  return parsed.data;
}

/** Reads a secret's string from Secrets Manager; a secret without one (a binary secret) is refused, named `what`. */
export function secretsManagerReader(what: string): (secretId: string) => Promise<string> {
  return async (secretId) => {
    const secret = await getSecretString(secretId);
    if (secret === undefined) throw new Error(`The ${what} has no string value`);
    return secret;
  };
}

function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
