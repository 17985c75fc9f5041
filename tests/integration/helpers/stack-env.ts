/**
 * Import this first in an integration test that loads handler or adapter modules: it puts the local stack's
 * environment (emulator endpoints, table names, pool ids, credentials) into process.env before those modules
 * read it, exactly as Lambda's environment is set before a handler module loads.
 */
import { inject } from 'vitest';

export const stackEnv = inject('env');
Object.assign(process.env, stackEnv);

export const stackUrls = inject('urls');
