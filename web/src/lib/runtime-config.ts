/**
 * The runtime config (`/config.json`, ARCHITECTURE "Stages and config"): read once at start-up, checked
 * against the shared schema, so one build of the app serves every stage. A missing or malformed file stops
 * the app with a full-page error (see main.tsx) rather than failing later in odd ways.
 */
import { z } from 'zod';
import { runtimeConfigSchema, type RuntimeConfig } from '../../../core/schemas/runtime-config';

export const RUNTIME_CONFIG_URL = '/config.json';

export class RuntimeConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuntimeConfigError';
  }
}

let current: RuntimeConfig | null = null;

/** Fetches and validates the config, then keeps it for `runtimeConfig()`. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(RUNTIME_CONFIG_URL, { cache: 'no-store', headers: { accept: 'application/json' } });
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
  const parsed = runtimeConfigSchema.safeParse(body);
  if (!parsed.success) {
    throw new RuntimeConfigError(`The portal configuration is not valid:\n${z.prettifyError(parsed.error)}`);
  }
  current = parsed.data;
  return current;
}

/** The loaded config; the app renders only after `loadRuntimeConfig()` succeeded. */
export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new RuntimeConfigError('The runtime config was used before it was loaded.');
  return current;
}

/** For tests and the bootstrap: sets the config without fetching it. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = runtimeConfigSchema.parse(config);
}
