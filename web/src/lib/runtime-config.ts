/**
 * The runtime config (`/config.json`, core/schemas/runtime-config.ts): read once at start-up, so one build
 * of the app serves every stage. Reading it needs no validation library: the sign-in page must paint and
 * hydrate without zod (bench/bundle-budget.json), so the schema check (`verifyRuntimeConfig`) loads on its own,
 * before the first form is sent or at once on pages that need the API anyway (app/start.tsx). A missing, malformed
 * or invalid file stops the app with a full-page error rather than failing later in odd ways.
 */
import type { RuntimeConfig } from '../../../core/schemas/runtime-config';
// Its own module, so the lazily loaded schema check can throw it without importing this file back.
import { RuntimeConfigError } from './runtime-config-error';

export { RuntimeConfigError };

export const RUNTIME_CONFIG_URL = '/config.json';

let current: RuntimeConfig | null = null;
let received: unknown;
let verified: Promise<RuntimeConfig> | undefined;
let onInvalid: ((error: RuntimeConfigError) => void) | undefined;

/**
 * app/start.tsx: what the app does when the config fails its check, whoever asked for it (the session check, a
 * form, a navigation): it shows why it cannot start.
 */
export function onRuntimeConfigInvalid(handler: (error: RuntimeConfigError) => void): void {
  onInvalid = handler;
}

/**
 * Fetches the config and keeps it for `runtimeConfig()`. The request matches index.html's
 * `<link rel="preload" as="fetch" crossorigin>` (same URL, mode and credentials, no extra headers), so the
 * browser answers it from that preload, which started with the HTML; the server sends it `no-cache`.
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(RUNTIME_CONFIG_URL);
  } catch (error) {
    throw new RuntimeConfigError(`The portal configuration could not be downloaded (${String(error)}).`);
  }
  if (!response.ok) {
    throw new RuntimeConfigError(`The portal configuration could not be downloaded (HTTP ${response.status}).`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new RuntimeConfigError('The portal configuration is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new RuntimeConfigError('The portal configuration is not a JSON object.');
  }
  received = body;
  verified = undefined;
  current = body as RuntimeConfig;
  return current;
}

/**
 * Checks the loaded config against the shared schema (loading zod on first use) and keeps the checked
 * value; rejects with a RuntimeConfigError naming the invalid fields, and tells `onRuntimeConfigInvalid`'s
 * handler. Later calls share the answer, except a check whose code could not be downloaded: that one is tried
 * again by the next call.
 */
export function verifyRuntimeConfig(): Promise<RuntimeConfig> {
  verified ??= import('./runtime-config-check')
    .then(
      ({ checkRuntimeConfig }) => {
        current = checkRuntimeConfig(received);
        return current;
      },
      (error: unknown) => {
        verified = undefined;
        throw new RuntimeConfigError(`The portal configuration could not be checked (${String(error)}).`);
      },
    )
    .catch((error: unknown) => {
      if (error instanceof RuntimeConfigError) onInvalid?.(error);
      throw error;
    });
  return verified;
}

/** The loaded config; the app renders only after `loadRuntimeConfig()` succeeded. */
export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new RuntimeConfigError('The runtime config was used before it was loaded.');
  return current;
}

/** For tests and the prerender: sets a config known to be valid (typed), without fetching or checking it. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
  received = config;
  verified = Promise.resolve(config);
}
