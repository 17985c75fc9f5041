import { describe, expect, it, vi } from 'vitest';
import {
  loadRuntimeConfig,
  onRuntimeConfigInvalid,
  runtimeConfig,
  RuntimeConfigError,
  verifyRuntimeConfig,
} from '../../web/src/lib/runtime-config';
import { TEST_CONFIG } from './support/fake-session';

const answer = (status: number, body: string) =>
  (async () => new Response(body, { status })) as unknown as typeof fetch;

describe('runtime config (/config.json, one build for every stage)', () => {
  it('loads and keeps a valid config', async () => {
    await loadRuntimeConfig(answer(200, JSON.stringify(TEST_CONFIG)));
    expect(runtimeConfig().apiBaseUrl).toBe('/api');
  });

  it('fails clearly when the file is missing', async () => {
    await expect(loadRuntimeConfig(answer(404, 'nope'))).rejects.toThrow(/HTTP 404/);
  });

  it('fails clearly when the file is not JSON', async () => {
    await expect(loadRuntimeConfig(answer(200, '<html>'))).rejects.toBeInstanceOf(RuntimeConfigError);
  });

  it('fails clearly when the file is JSON but no object', async () => {
    await expect(loadRuntimeConfig(answer(200, '[1, 2]'))).rejects.toThrow(/not a JSON object/);
  });

  it('checks the config against the schema on its own, naming the invalid fields', async () => {
    const broken = { ...TEST_CONFIG, userPoolId: '', authFlowType: 'CUSTOM' };
    // Loading needs no schema (the sign-in page hydrates without zod); the check names what is wrong.
    await loadRuntimeConfig(answer(200, JSON.stringify(broken)));
    const check = verifyRuntimeConfig();
    await expect(check).rejects.toBeInstanceOf(RuntimeConfigError);
    await expect(check).rejects.toThrow(/userPoolId[\s\S]*authFlowType|authFlowType[\s\S]*userPoolId/);
  });

  it('keeps the checked config, and checks each loaded file once', async () => {
    await loadRuntimeConfig(answer(200, JSON.stringify({ ...TEST_CONFIG, extra: 'dropped by the schema' })));
    const first = verifyRuntimeConfig();
    expect(verifyRuntimeConfig()).toBe(first);
    await expect(first).resolves.toEqual(TEST_CONFIG);
    expect(runtimeConfig()).toEqual(TEST_CONFIG);
  });

  it('a config that fails its check is reported to the handler app/start.tsx sets, whoever asked for the check', async () => {
    const invalid = vi.fn();
    onRuntimeConfigInvalid(invalid);
    await loadRuntimeConfig(answer(200, JSON.stringify({ ...TEST_CONFIG, apiBaseUrl: 42 })));
    await expect(verifyRuntimeConfig()).rejects.toBeInstanceOf(RuntimeConfigError);
    await expect(verifyRuntimeConfig()).rejects.toThrow(/apiBaseUrl/);
    expect(invalid).toHaveBeenCalledTimes(1);
    expect(invalid.mock.calls[0]?.[0]).toBeInstanceOf(RuntimeConfigError);
  });

  it("a check whose code could not be downloaded fails as the config's error, and the next call tries again", async () => {
    vi.resetModules();
    vi.doMock('../../web/src/lib/runtime-config-check', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const fresh = await import('../../web/src/lib/runtime-config');
    const invalid = vi.fn();
    fresh.onRuntimeConfigInvalid(invalid);
    await fresh.loadRuntimeConfig(answer(200, JSON.stringify(TEST_CONFIG)));
    await expect(fresh.verifyRuntimeConfig()).rejects.toThrow(/could not be checked/);
    expect(invalid).toHaveBeenCalledTimes(1);

    vi.doUnmock('../../web/src/lib/runtime-config-check');
    await expect(fresh.verifyRuntimeConfig()).resolves.toEqual(TEST_CONFIG);
  });
});
