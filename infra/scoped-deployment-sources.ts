import type * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';

/** A deployment source bound once, plus the one S3 object the deployment handler must read for it. */
export interface BoundSource {
  source: s3deploy.ISource;
  objectArn: string;
}

/**
 * Binds a BucketDeployment source up front. BucketDeployment would grant its handler `s3:GetObject*`,
 * `s3:List*` (wildcard actions) on the whole asset bucket; binding here against a role that ignores
 * grants tells us the exact asset object, so the deployment role can be given `s3:GetObject` on it alone.
 */
export function bindSource(scope: Construct, source: s3deploy.ISource, lockedRole: iam.IRole): BoundSource {
  const config = source.bind(scope, { handlerRole: lockedRole });
  return {
    source: { bind: () => config },
    objectArn: config.bucket.arnForObjects(config.zipObjectKey),
  };
}
