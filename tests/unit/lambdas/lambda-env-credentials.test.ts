import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultProvider } from '../../../lambdas/adapters/lambda-env-credentials';

afterEach(() => vi.unstubAllEnvs());

describe("a bundled function's AWS credentials come from its environment (the execution role's keys)", () => {
  it('answers the keys, the session token and the expiry Lambda sets', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'ASIAEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    vi.stubEnv('AWS_SESSION_TOKEN', 'token');
    vi.stubEnv('AWS_CREDENTIAL_EXPIRATION', '2030-01-01T00:00:00Z');
    await expect(defaultProvider()()).resolves.toEqual({
      accessKeyId: 'ASIAEXAMPLE',
      secretAccessKey: 'secret',
      sessionToken: 'token',
      expiration: new Date('2030-01-01T00:00:00Z'),
    });
  });

  it('reads the environment at each call, so keys set after the client was made are used', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', '');
    const provide = defaultProvider();
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIALATER');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    vi.stubEnv('AWS_SESSION_TOKEN', '');
    vi.stubEnv('AWS_CREDENTIAL_EXPIRATION', '');
    await expect(provide()).resolves.toEqual({ accessKeyId: 'AKIALATER', secretAccessKey: 'secret' });
  });

  it('fails with a message naming the variables when the keys are missing', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', '');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', '');
    await expect(defaultProvider()()).rejects.toThrow(/AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY/);
  });
});
