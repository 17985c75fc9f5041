import { RemovalPolicy } from 'aws-cdk-lib';
import type { StageConfig } from './stage-config';

/** The stage's policy for stateful resources (tables, buckets, user pool, log groups). */
export function removalPolicyOf(config: StageConfig): RemovalPolicy {
  return config.data.removalPolicy === 'retain' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
}
