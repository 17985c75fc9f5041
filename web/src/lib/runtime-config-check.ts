/** The schema check of the runtime config, loaded apart from it (runtime-config.ts says why). */
import * as z from '../../../core/zod';
import { runtimeConfigSchema, type RuntimeConfig } from '../../../core/schemas/runtime-config';
import { RuntimeConfigError } from './runtime-config-error';

export function checkRuntimeConfig(value: unknown): RuntimeConfig {
  const parsed = runtimeConfigSchema.safeParse(value);
  if (!parsed.success) {
    throw new RuntimeConfigError(`The portal configuration is not valid:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
