import { describe, expect, it, vi } from 'vitest';
import { keptOnceLoaded, perContainer } from '../../../lambdas/kernel/per-container';

/** The kernel's per-container cache, which the card gateway and parcel tracking are both made through. */
describe('perContainer: one value per container for the same variables', () => {
  it('a handler call (no arguments) makes one value per distinct set of variable values', () => {
    const make = vi.fn((env: NodeJS.ProcessEnv) => ({ kind: env.PER_CONTAINER_TEST_KIND }));
    const fromEnv = perContainer(['PER_CONTAINER_TEST_KIND'], make);
    vi.stubEnv('PER_CONTAINER_TEST_KIND', 'a');
    const first = fromEnv();
    expect(fromEnv()).toBe(first);
    vi.stubEnv('PER_CONTAINER_TEST_KIND', 'b');
    expect(fromEnv()).not.toBe(first);
    expect(fromEnv()).toMatchObject({ kind: 'b' });
    expect(make).toHaveBeenCalledTimes(2);
    vi.unstubAllEnvs();
  });

  it('an env or deps of its own (tests) makes a new value each call', () => {
    const make = vi.fn((_env: NodeJS.ProcessEnv, _deps: { readSecret?: () => Promise<string> }) => ({}));
    const fromEnv = perContainer(['X'], make);
    expect(fromEnv({ X: '1' })).not.toBe(fromEnv({ X: '1' }));
    const readSecret = async () => 'secret';
    expect(fromEnv(process.env, { readSecret })).not.toBe(fromEnv(process.env, { readSecret }));
    expect(make).toHaveBeenCalledTimes(4);
  });
});

describe('keptOnceLoaded: a success is kept, a failure is not', () => {
  it('loads on the first call, shares a load in flight, and keeps what it loaded', async () => {
    const load = vi.fn(async () => 'keys');
    const keys = keptOnceLoaded(load);
    expect(load).not.toHaveBeenCalled();
    expect(await Promise.all([keys(), keys()])).toEqual(['keys', 'keys']);
    expect(await keys()).toBe('keys');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load is thrown to its caller and tried again by the next call', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('throttled')).mockResolvedValue('keys');
    const keys = keptOnceLoaded(load as () => Promise<string>);
    await expect(keys()).rejects.toThrow('throttled');
    expect(await keys()).toBe('keys');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
