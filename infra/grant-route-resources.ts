import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as ses from 'aws-cdk-lib/aws-ses';
import type { TableName } from '../core/data/tables';
import { functionResourcesOf, type FunctionEntry } from '../core/function-resources';
import { CONSULT_FILES, ORDER_FILES, type FileFolder } from '../core/storage-prefixes';
import type { OperatorSecretTarget } from './operator-secret';
import { DOCUMENTS_PREFIX } from './constructs/storage';

export interface RouteResourceTargets {
  tables: Record<TableName, dynamodb.ITable>;
  /** Order files, consult files (their folders: core/storage-prefixes.ts) and generated documents. */
  attachmentsBucket: s3.IBucket;
  emailIdentity: ses.IEmailIdentity;
  emailConfigurationSet: ses.IConfigurationSet;
  userPool: cognito.IUserPool;
  /** The card gateway's secret (stripe stages, infra/payment-gateway-setup.ts); none for the fake gateway. */
  paymentSecret?: OperatorSecretTarget | undefined;
  /** The parcel-tracking service's secret (easypost stages, infra/parcel-tracking-setup.ts); none for the fake carrier. */
  parcelTrackingSecret?: OperatorSecretTarget | undefined;
}

const COGNITO_ACTION = /^[A-Z][A-Za-z]+$/;

/**
 * Grants a route's (or a job's) function exactly what its entry names plus its implicit resources
 * (core/function-resources.ts; docs/decisions/0002-one-shared-folder-one-protocol-one-route-table.md "The route table
 * names what each Lambda touches"); nothing else reaches the function's role.
 */
export function grantRouteResources(
  grantee: iam.IGrantable,
  route: FunctionEntry,
  targets: RouteResourceTargets,
): void {
  const resources = functionResourcesOf(route);

  for (const [name, mode] of Object.entries(resources.tables ?? {}) as [TableName, string][]) {
    const table = targets.tables[name];
    if (!table) throw new Error(`Route "${route.name}" names unknown table "${name}"`);
    if (mode === 'read') table.grantReadData(grantee);
    else if (mode === 'write') table.grantWriteData(grantee);
    else table.grantReadWriteData(grantee);
  }

  if (resources.audit === 'append') grantAuditAppend(grantee, targets.tables.auditLog);
  if (resources.secondFactorSeen) grantSecondFactorSeen(grantee, targets.tables.tokens);

  if (resources.attachments) grantFiles(grantee, resources.attachments, targets.attachmentsBucket, ORDER_FILES);
  if (resources.consultFiles) grantFiles(grantee, resources.consultFiles, targets.attachmentsBucket, CONSULT_FILES);
  if (resources.documents) grantDocuments(grantee, resources.documents, targets.attachmentsBucket);

  if (resources.email) grantSending(grantee, targets);

  if (resources.paymentGateway) {
    grantSecretRead(
      grantee,
      targets.paymentSecret,
      `Route "${route.name}" uses the card gateway, but the stage's gateway has no secret: the fake gateway runs only in the local stack (payments.gateway must be "stripe" to deploy)`,
    );
  }
  if (resources.parcelTracking) {
    grantSecretRead(
      grantee,
      targets.parcelTrackingSecret,
      `Function "${route.name}" uses parcel tracking, but the stage's tracking has no secret: the fake carrier runs only in the local stack (parcelTracking.kind must be "easypost" to deploy)`,
    );
  }

  // The route's own Cognito actions, plus AdminGetUser where the handler checks a staff caller's TOTP
  // (core/rules/staff-mfa.ts): it reads the user's MFA settings, on this pool only.
  const cognitoActions = resources.userPool ?? [];
  if (cognitoActions.length) {
    const bad = cognitoActions.filter((action) => !COGNITO_ACTION.test(action));
    if (bad.length) {
      throw new Error(`Route "${route.name}": Cognito actions must be plain API names, got ${bad.join(', ')}`);
    }
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: cognitoActions.map((action) => `cognito-idp:${action}`),
        resources: [targets.userPool.userPoolArn],
      }),
    );
  }
}

/**
 * SES v2 SendEmail from the portal's identity with the stage's configuration set (SES checks both). The read of
 * the suppressed addresses the sender leaves out is one of `email`'s implicit tables (core/function-resources.ts).
 */
function grantSending(grantee: iam.IGrantable, targets: RouteResourceTargets) {
  const { emailConfigurationSet: configurationSet } = targets;
  const stack = Stack.of(configurationSet);
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [
        targets.emailIdentity.emailIdentityArn,
        stack.formatArn({
          service: 'ses',
          resource: 'configuration-set',
          resourceName: configurationSet.configurationSetName,
        }),
      ],
    }),
  );
}

/**
 * The audit log is append-only: PutItem on the table and nothing else (no Get, Update, Delete, Query, and no
 * index). `grantWriteData` would also allow UpdateItem and DeleteItem, which would let a writer rewrite
 * history; the adapter's puts are conditional on `attribute_not_exists` so they cannot overwrite either.
 */
export function grantAuditAppend(grantee: iam.IGrantable, table: dynamodb.ITable) {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: ['dynamodb:PutItem'], resources: [table.tableArn] }),
  );
}

/**
 * The staff check records an authenticator it sees first (lambdas/auth/staff-mfa.ts): PutItem on the tokens table,
 * only on `second-factor#` items, so a staff route's function cannot write the table's sign-up codes, limits or
 * revocations through it (its reads are the implicit `tokens: 'read'`).
 */
export function grantSecondFactorSeen(grantee: iam.IGrantable, table: dynamodb.ITable) {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['dynamodb:PutItem'],
      resources: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['second-factor#*'] } },
    }),
  );
}

/**
 * Object access below one kind of attached files' prefix (orders/ or consults/). Written out rather than
 * `bucket.grantRead/grantWrite` because those grant wildcard actions (`s3:GetObject*`, `s3:List*`,
 * `s3:Abort*`, ...); presigned URLs carry exactly the signer's permissions, so these four actions are all the
 * portal needs. A route that may change files reaches that kind's incoming prefix too: it signs the PUT
 * there, reads the upload's first bytes, copies it into the owner's folder and removes it.
 * A read-only route never sees uploads that were not checked.
 */
function grantFiles(
  grantee: iam.IGrantable,
  mode: 'read' | 'write' | 'readWrite',
  bucket: s3.IBucket,
  folder: FileFolder,
) {
  const folders = mode === 'read' ? [folder.prefix] : [folder.prefix, folder.incomingPrefix];
  const objects = folders.map((folder) => bucket.arnForObjects(`${folder}*`));
  const actions: string[] = [];
  if (mode !== 'write') actions.push('s3:GetObject');
  if (mode !== 'read') actions.push('s3:PutObject', 's3:DeleteObject');
  grantee.grantPrincipal.addToPrincipalPolicy(new iam.PolicyStatement({ actions, resources: objects }));
  if (mode !== 'write') {
    // listOrderFiles, listConsultFiles: listing is a bucket-level action, limited to keys below the prefixes.
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': folders.map((folder) => `${folder}*`) } },
      }),
    );
  }
}

/**
 * Generated PDFs below documents/ of the attachments bucket (core/storage-prefixes.ts): read them
 * (the presigned GET carries this permission) and, for readWrite, store newly rendered ones. Listing is
 * limited to keys below the prefix too: the store checks whether a document exists with a listing, since a
 * HEAD of a missing key answers 403 rather than 404 without s3:ListBucket. No delete: documents are kept.
 */
function grantDocuments(grantee: iam.IGrantable, mode: 'read' | 'readWrite', bucket: s3.IBucket) {
  const actions = mode === 'readWrite' ? ['s3:GetObject', 's3:PutObject'] : ['s3:GetObject'];
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions, resources: [bucket.arnForObjects(`${DOCUMENTS_PREFIX}*`)] }),
  );
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['s3:ListBucket'],
      resources: [bucket.bucketArn],
      conditions: { StringLike: { 's3:prefix': [`${DOCUMENTS_PREFIX}*`] } },
    }),
  );
}

/**
 * Reads one operator secret (the card gateway's keys, the parcel-tracking service's): GetSecretValue only (not
 * DescribeSecret, not the other secrets), on the name's ARN with Secrets Manager's six-character suffix. A stage
 * whose service is the local fake has no secret, and a function that needs one cannot be deployed there.
 */
function grantSecretRead(grantee: iam.IGrantable, secret: OperatorSecretTarget | undefined, noSecret: string) {
  if (!secret) throw new Error(noSecret);
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [`${secret.arn}-??????`] }),
  );
}
