/**
 * Holds what a page starts while it first renders (its API calls, the code of its parts that wait for data)
 * until that render has painted. A returning user's page is drawn from the answers kept at their last visit
 * (app/providers/kept-session.ts), so its first paint needs none of it (Amplify for the token, the route table
 * and zod to read an answer, a form's code), and what it does need has the network to itself. app/start.tsx
 * holds it only then; otherwise, and once released, `firstPaint()` is resolved.
 */
let held: Promise<void> = Promise.resolve();

/** Resolves once the page's first render has painted (at once unless app/start.tsx holds it). */
export const firstPaint = (): Promise<void> => held;

/** Holds `firstPaint()` until the returned function is called. */
export function holdUntilFirstPaint(): () => void {
  let release = () => {};
  held = new Promise((resolve) => (release = resolve));
  return release;
}
