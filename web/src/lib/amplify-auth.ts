/**
 * Amplify (about 27 KiB gzip) loads on first use, not with the entry: a visitor's page paints and hydrates
 * without it, and a browser that holds no stored session never needs it before a form is sent. app/start.tsx
 * hands over the stage's config, and `amplifyReady()` configures Amplify with it before any Auth call.
 */
import type { RuntimeConfig } from '../../../core/schemas/runtime-config';
import { mayHoldStoredSession } from './stored-session-keys';

let config: RuntimeConfig | null = null;
let loaded: Promise<typeof import('./amplify')> | undefined;
let configuredWith: RuntimeConfig | null = null;

/** start.tsx, once the runtime config is loaded: Amplify is configured with it when first used. */
export function configureAmplifyOnUse(runtime: RuntimeConfig): void {
  config = runtime;
}

/** The session's Amplify calls (lib/amplify.ts), configured for this stage (without a config, as in unit tests, as is). */
export async function amplifyAuth(): Promise<typeof import('./amplify')> {
  loaded ??= import('./amplify');
  loaded.catch(() => (loaded = undefined)); // a failed download is tried again on the next call
  const amplify = await loaded;
  if (config && configuredWith !== config) {
    amplify.configureAmplify(config);
    configuredWith = config;
  }
  return amplify;
}

/** Amplify configured for this stage: every other Auth call (a feature's own import) waits for it first. */
export const amplifyReady = async (): Promise<void> => void (await amplifyAuth());

/** Amplify's event hub, configured. */
export const amplifyHub = async () => (await amplifyAuth()).Hub;

/** The `options` every `signIn` call passes: the stage's auth flow. */
export function signInOptions(stage: Pick<RuntimeConfig, 'authFlowType'>) {
  return { authFlowType: stage.authFlowType };
}

/**
 * False only when this browser certainly holds no session of the stage's user pool client (no token of it is
 * stored), so Amplify need not load to say "signed out". Without a config the answer is always "maybe".
 */
export function mayHaveStoredSession(): boolean {
  return config ? mayHoldStoredSession(config.userPoolClientId) : true;
}
