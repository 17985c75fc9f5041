/** Reads a required environment variable; a missing one is a deployment bug, so fail loudly at cold start. */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') {
    throw new Error(`Missing environment variable ${name}`);
  }
  return value;
}
