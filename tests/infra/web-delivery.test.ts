import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { synthPortal, tempDir, type SynthResult } from './support/synth-portal';
import { render, resourcesOf } from './support/template-walk';

/** AWS's managed CachingOptimized policy: gzip and Brotli on, TTLs 1 s / 1 day / 1 year, honours max-age. */
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';

interface Behavior {
  PathPattern?: string;
  TargetOriginId: string;
  CachePolicyId?: unknown;
  Compress?: boolean;
  ResponseHeadersPolicyId?: unknown;
  FunctionAssociations?: unknown[];
}
interface DistributionConfig {
  HttpVersion?: string;
  DefaultCacheBehavior: Behavior;
  CacheBehaviors: Behavior[];
}
interface CachePolicyConfig {
  MinTTL: number;
  DefaultTTL: number;
  MaxTTL: number;
  ParametersInCacheKeyAndForwardedToOrigin: {
    EnableAcceptEncodingBrotli: boolean;
    EnableAcceptEncodingGzip: boolean;
  };
}

/** A built SPA: index.html and a content-hashed script, as `vite build` leaves them. */
function builtSpa(): string {
  const dir = tempDir('lenslab-delivery-dist-');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-9z8y.js"></script>');
  writeFileSync(join(dir, 'assets', 'index-9z8y.js'), 'console.log("app")');
  return dir;
}

let result: SynthResult;
beforeAll(() => {
  result = synthPortal({ stage: 'prod', functionCode: 'placeholder', webDistDir: builtSpa() });
});

const distribution = (): DistributionConfig => {
  const all = Object.values(resourcesOf(result.template, 'AWS::CloudFront::Distribution'));
  expect(all).toHaveLength(1);
  return all[0]!.Properties!.DistributionConfig as DistributionConfig;
};
const behavior = (pattern: string): Behavior => {
  const found = distribution().CacheBehaviors.find((b) => b.PathPattern === pattern);
  if (!found) throw new Error(`no behaviour ${pattern}`);
  return found;
};
/** The stack's own cache policy a behaviour names (a managed policy is named by its id string instead). */
const ownCachePolicy = (b: Behavior): CachePolicyConfig => {
  const id = render(b.CachePolicyId).replace(/^\$\{|\}$/g, '');
  const policy = resourcesOf(result.template, 'AWS::CloudFront::CachePolicy')[id];
  if (!policy) throw new Error(`${render(b.CachePolicyId)} is not a cache policy of this stack`);
  return policy.Properties!.CachePolicyConfig as CachePolicyConfig;
};
const deploymentWithPrefix = (prefix: string | undefined) =>
  Object.values(resourcesOf(result.template, 'Custom::CDKBucketDeployment')).find(
    (d) => d.Properties?.DestinationBucketKeyPrefix === prefix,
  )!;

describe('CloudFront serves the SPA fast', () => {
  test('viewers may speak HTTP/2 and HTTP/3 (QUIC)', () => {
    expect(distribution().HttpVersion).toBe('http2and3');
  });

  test('content-hashed files are compressed and cached at the edge as long as their max-age says', () => {
    const assets = behavior('/assets/*');
    expect(assets.CachePolicyId).toBe(CACHING_OPTIMIZED);
    expect(assets.Compress).toBe(true);
    expect(assets.TargetOriginId).toBe(distribution().DefaultCacheBehavior.TargetOriginId);
    // They all have a file extension: the SPA rewrite would only cost a function call per file.
    expect(assets.FunctionAssociations).toBeUndefined();
    expect(render(assets.ResponseHeadersPolicyId)).toBe(
      render(distribution().DefaultCacheBehavior.ResponseHeadersPolicyId),
    );
  });

  test('browsers keep content-hashed files for a year without asking again (immutable)', () => {
    expect(deploymentWithPrefix('assets/').Properties?.SystemMetadata).toEqual({
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });

  test('index.html and config.json are compressed with Brotli and gzip but never served from a cache unasked', () => {
    const pages = distribution().DefaultCacheBehavior;
    expect(pages.Compress).toBe(true);
    const policy = ownCachePolicy(pages);
    expect(policy).toMatchObject({ MinTTL: 0, DefaultTTL: 0 });
    // Above 0, or CloudFront would refuse the compression settings (caching fully off).
    expect(policy.MaxTTL).toBeGreaterThan(0);
    expect(policy.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      EnableAcceptEncodingBrotli: true,
      EnableAcceptEncodingGzip: true,
    });
    // S3 sends them `no-cache`: browsers and the edge revalidate on every load, so a deploy shows at once.
    expect(deploymentWithPrefix(undefined).Properties?.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
  });

  test('the terms PDF, not content-hashed either, is revalidated like the pages', () => {
    const terms = behavior('/terms.pdf');
    expect(render(terms.CachePolicyId)).toBe(render(distribution().DefaultCacheBehavior.CachePolicyId));
    expect(terms.Compress).toBe(true);
  });

  test('API answers are never cached', () => {
    expect(behavior('/api/*').CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
  });
});
