import { Duration, Stack } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { INCOMING_FILES_PREFIX } from '../../core/storage-prefixes';
import { keepLogicalId } from '../keep-logical-id';
import { removalPolicyOf } from '../removal-policy';
import type { StageConfig } from '../stage-config';

/**
 * Generated PDFs (invoices, receipts) under documents/ of the same bucket; `documents` routes reach only this
 * prefix (core/storage-prefixes.ts, where the server's keys come from too).
 */
export { DOCUMENTS_PREFIX } from '../../core/storage-prefixes';

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

/** How long a replaced or deleted attachment stays recoverable (bucket versioning) before it is gone for good. */
export const DELETED_VERSION_DAYS = 30;
/** An upload nobody confirmed (the tab closed between the PUT and the confirm route) is removed after a day. */
export const UNCONFIRMED_UPLOAD_DAYS = 1;

/**
 * Order attachments (spec 3): private, encrypted, versioned, reachable only through presigned URLs from the
 * portal; every request to them is logged to an access-log bucket.
 */
export class Storage extends Construct {
  readonly attachmentsBucket: s3.Bucket;
  /** S3 server access logs of the attachments bucket (who read, wrote or deleted which patient file). */
  readonly accessLogsBucket: s3.Bucket;

  constructor(scope: Construct, id: string, { config, portalOrigin }: StorageProps) {
    super(scope, id);
    this.accessLogsBucket = new s3.Bucket(this, 'AccessLogsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // S3 delivers server access logs only to buckets encrypted with S3-managed keys.
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      // Kept as long as the functions' logs, so the two can be read side by side.
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(config.logRetentionDays) }],
      removalPolicy: removalPolicyOf(config),
    });
    keepLogicalId(this.accessLogsBucket, 'AccessLogsBucket');
    NagSuppressions.addResourceSuppressions(this.accessLogsBucket, [
      {
        id: 'AwsSolutions-S1',
        reason: 'This is the access-log bucket itself: logging its own requests into itself would log forever.',
      },
      {
        id: 'HIPAA.Security-S3BucketLoggingEnabled',
        reason: 'This is the access-log bucket itself: logging its own requests into itself would log forever.',
      },
      {
        id: 'HIPAA.Security-S3DefaultEncryptionKMS',
        reason: 'S3 delivers server access logs only to a bucket encrypted with S3-managed keys (SSE-S3), not KMS.',
      },
      {
        id: 'HIPAA.Security-S3BucketVersioningEnabled',
        reason:
          'Log objects are written once by S3 and never changed; the lifecycle rule alone decides how long they stay.',
      },
      {
        id: 'HIPAA.Security-S3BucketReplicationEnabled',
        reason:
          'Access logs are an audit aid, not data the portal restores; a second-region copy would double their cost.',
      },
    ]);

    this.attachmentsBucket = new s3.Bucket(this, 'AttachmentsBucket', {
      bucketName: attachmentsBucketName(this, config),
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      // A file replaced or deleted (by a user, or by mistake) can be restored for DELETED_VERSION_DAYS.
      versioned: true,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'attachments/',
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
      lifecycleRules: [
        // A browser that gives up mid-upload leaves parts that are billed until aborted.
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Uploads never confirmed, of orders and consults alike: every kind's incoming
        // folder is below this prefix. The only rule that expires current objects: order and consult files
        // and the generated documents/ PDFs stay until the portal deletes them.
        {
          id: 'expire-unconfirmed-uploads',
          prefix: INCOMING_FILES_PREFIX,
          expiration: Duration.days(UNCONFIRMED_UPLOAD_DAYS),
          noncurrentVersionExpiration: Duration.days(UNCONFIRMED_UPLOAD_DAYS),
        },
        // What the portal deletes (a file, a discarded or abandoned draft's files) is gone for good after this.
        {
          id: 'expire-deleted-versions',
          noncurrentVersionExpiration: Duration.days(DELETED_VERSION_DAYS),
          expiredObjectDeleteMarker: true,
        },
      ],
      // Deleting a stack never deletes customer files by itself; a staging bucket must be emptied first.
      removalPolicy: removalPolicyOf(config),
    });
    keepLogicalId(this.attachmentsBucket, 'AttachmentsBucket');
    NagSuppressions.addResourceSuppressions(this.attachmentsBucket, [
      {
        id: 'HIPAA.Security-S3DefaultEncryptionKMS',
        reason:
          'Every object is encrypted at rest (SSE-S3, AES-256) and only reachable through presigned URLs signed by roles scoped to one prefix; a KMS key would add a second grant to every route without a separate key custodian.',
      },
      {
        id: 'HIPAA.Security-S3BucketReplicationEnabled',
        reason:
          'S3 stores objects across several zones of the region and versioning keeps deleted files for 30 days; a second-region copy of patient files would double where PHI lives without a recovery plan that reads it.',
      },
    ]);
  }
}
