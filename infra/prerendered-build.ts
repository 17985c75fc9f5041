/**
 * What the web build prerendered (scripts/prerender-plugin.ts writes it beside Vite's manifest, which is not
 * published): the page paths, which CloudFront's rewrite serves their own file (spa-rewrite-source.ts), and
 * the hashes of the style elements those pages inline, which the CSP must allow
 * (build-content-security-policy.ts). The deploy and the local web server read it from the build they serve.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const PRERENDERED_BUILD_FILE = join('.vite', 'prerendered.json');

export interface PrerenderedBuild {
  /** `/auth/login`: served from `auth/login/index.html`. */
  pages: string[];
  /** CSP hash sources (`'sha256-…'`) of the inline style elements of those pages. */
  styleHashes: string[];
}

export const NOTHING_PRERENDERED: PrerenderedBuild = { pages: [], styleHashes: [] };

/** The build's record; nothing prerendered when the build has none (not built, or built before prerendering). */
export function readPrerenderedBuild(distDir: string): PrerenderedBuild {
  const file = join(distDir, PRERENDERED_BUILD_FILE);
  if (!existsSync(file)) return NOTHING_PRERENDERED;
  const { pages, styleHashes } = JSON.parse(readFileSync(file, 'utf8')) as Partial<PrerenderedBuild>;
  const strings = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');
  if (!strings(pages) || !strings(styleHashes)) throw new Error(`${file} is not a prerendered build record.`);
  return { pages: pages!, styleHashes: styleHashes! };
}
