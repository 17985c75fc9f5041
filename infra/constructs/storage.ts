import { Duration, Stack } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { keepLogicalId } from '../keep-logical-id';
import { removalPolicyOf } from '../removal-policy';
import type { StageConfig } from '../stage-config';

/** spec 3: order files live under orders/{orderId}/; Lambdas get object access below this prefix only. */
export const ATTACHMENTS_PREFIX = 'orders/';

/**
 * The attachments bucket's name, fixed per stage, account and region. Being known without a reference to
 * the bucket lets the CloudFront CSP (connect-src) name it while the bucket's CORS names the distribution,
 * which would otherwise be a dependency cycle.
 */
export function attachmentsBucketName(scope: Construct, config: StageConfig): string {
  const stack = Stack.of(scope);
  return `lenslab-${config.stage}-attachments-${stack.account}-${stack.region}`;
}

/** The bucket's virtual-hosted endpoint, the host of the presigned URLs the browser PUTs to and GETs from. */
export function attachmentsBucketOrigin(scope: Construct, config: StageConfig): string {
  const stack = Stack.of(scope);
  return `https://${attachmentsBucketName(scope, config)}.s3.${stack.region}.${stack.urlSuffix}`;
}

export interface StorageProps {
  config: StageConfig;
  /** The one origin allowed to use presigned URLs from a browser. */
  portalOrigin: string;
}

/** Order attachments (spec 3): private, encrypted, reachable only through presigned URLs from the portal. */
export class Storage extends Construct {
  readonly attachmentsBucket: s3.Bucket;

  constructor(scope: Construct, id: string, { config, portalOrigin }: StorageProps) {
    super(scope, id);
    this.attachmentsBucket = new s3.Bucket(this, 'AttachmentsBucket', {
      bucketName: attachmentsBucketName(this, config),
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      cors: [
        {
          // Presigned PUT (upload) and GET (preview, download) straight from the browser, spec 7.
          allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedOrigins: [portalOrigin],
          // The origin and methods are the boundary; the headers a presigned request may carry are signed.
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      // A browser that gives up mid-upload leaves parts that are billed until aborted.
      lifecycleRules: [{ id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      // Deleting a stack never deletes customer files by itself; a staging bucket must be emptied first.
      removalPolicy: removalPolicyOf(config),
    });
    keepLogicalId(this.attachmentsBucket, 'AttachmentsBucket');
  }
}
