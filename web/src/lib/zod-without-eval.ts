/**
 * What `import … from 'zod'` resolves to in the web build (alias in vite.config.ts): zod itself, told first
 * to parse without compiling code. zod compiles its fast object parser with `new Function` and probes for
 * that when a z.object() is built; under the portal's CSP (script-src 'self', no 'unsafe-eval') the caught
 * probe still raises a securitypolicyviolation. Jitless parsing is all the CSP leaves zod anyway. An alias,
 * not an import at the top of app/start.tsx: the bundler puts zod and the schemas in one chunk that runs before
 * any code of the entry chunk, while every module importing 'zod' runs after this one.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z };
