/**
 * What a Lambda container keeps for its life (a service client made from the environment, a secret read once),
 * so warm invocations reuse it. One home, so every service made from the environment (the card gateway, parcel
 * tracking) caches and retries alike.
 */

/**
 * A maker called with no arguments (a handler's call) answers one value per container for the given variables'
 * values (a test that changes them gets a new one); called with an `env` or `deps` of its own (tests), a new value
 * each call.
 */
export function perContainer<T, D extends object>(
  variables: readonly string[],
  make: (env: NodeJS.ProcessEnv, deps: D) => T,
): (env?: NodeJS.ProcessEnv, deps?: D) => T {
  const made = new Map<string, T>();
  return (env = process.env, deps = {} as D) => {
    if (env !== process.env || Object.values(deps).some((value) => value !== undefined)) return make(env, deps);
    const key = variables.map((name) => env[name] ?? '').join('\n');
    let value = made.get(key);
    if (value === undefined) {
      value = make(env, deps);
      made.set(key, value);
    }
    return value;
  };
}

/**
 * A load run on the first call that needs it and kept once it succeeds; a failed load is not kept, so the next
 * call tries again. Calls while it runs share it.
 */
export function keptOnceLoaded<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
