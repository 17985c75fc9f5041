import { describe, expect, it } from 'vitest';
import { loadRuntimeConfig, runtimeConfig, RuntimeConfigError } from '../../web/src/lib/runtime-config';
import { TEST_CONFIG } from './support/fake-session';

const answer = (status: number, body: string) =>
  (async () => new Response(body, { status })) as unknown as typeof fetch;

describe('runtime config (/config.json, ARCHITECTURE "Stages and config")', () => {
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

  it('names the invalid fields', async () => {
    const broken = { ...TEST_CONFIG, userPoolId: '', authFlowType: 'CUSTOM' };
    await expect(loadRuntimeConfig(answer(200, JSON.stringify(broken)))).rejects.toThrow(
      /userPoolId[\s\S]*authFlowType|authFlowType[\s\S]*userPoolId/,
    );
  });
});
