/**
 * Holds the API calls a page makes while it first renders until that render has painted. A returning user's
 * page is drawn from the answers kept at their last visit (app/providers/kept-session.ts), so its first paint
 * needs nothing those calls load (Amplify for the token, the route table and zod to read the answer), and what
 * it does need has the network to itself. app/start.tsx holds them only then; otherwise calls go at once.
 */
let held: Promise<void> = Promise.resolve();

/** The app's API client waits for this before each call (resolved at once unless held). */
export const callsMayStart = (): Promise<void> => held;

/** Holds the calls until the returned function is called. */
export function holdCalls(): () => void {
  let release = () => {};
  held = new Promise((resolve) => (release = resolve));
  return release;
}
