import type { RuntimeConfig } from '../../core/schemas/runtime-config';
import { startWebServer } from '../../local/web-server';

/**
 * The local web server on a free port over a test build: nothing listens behind /api (it answers 502), the
 * local stage's config and a plain policy. Tests pass what they check.
 */
export function startTestWebServer(distDir: string, options: Partial<Parameters<typeof startWebServer>[0]> = {}) {
  return startWebServer({
    port: 0,
    distDir,
    apiUrl: 'http://127.0.0.1:9',
    config: () => ({ stage: 'local' }) as RuntimeConfig,
    termsUrl: '/terms.pdf',
    csp: { pages: "default-src 'self'", termsDocument: "frame-ancestors 'self'" },
    ...options,
  });
}
