import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as ses from 'aws-cdk-lib/aws-ses';
import type { TableName } from '../core/data/tables';
import type { RouteDefinition } from '../core/route-definition';

export interface RouteResourceTargets {
  tables: Record<TableName, dynamodb.ITable>;
  attachmentsBucket: s3.IBucket;
  attachmentsPrefix: string;
  emailIdentity: ses.IEmailIdentity;
  userPool: cognito.IUserPool;
}

const COGNITO_ACTION = /^[A-Z][A-Za-z]+$/;

/**
 * Grants a route's function exactly what its route-table entry names (docs/decisions.md "The route table
 * names what each Lambda touches"); nothing else reaches the function's role.
 */
export function grantRouteResources(
  grantee: iam.IGrantable,
  route: Pick<RouteDefinition, 'name' | 'resources'>,
  targets: RouteResourceTargets,
): void {
  const { resources } = route;

  for (const [name, mode] of Object.entries(resources.tables ?? {}) as [TableName, string][]) {
    const table = targets.tables[name];
    if (!table) throw new Error(`Route "${route.name}" names unknown table "${name}"`);
    if (mode === 'read') table.grantReadData(grantee);
    else if (mode === 'write') table.grantWriteData(grantee);
    else table.grantReadWriteData(grantee);
  }

  if (resources.attachments) grantAttachments(grantee, resources.attachments, targets);

  // SES v2 SendEmail, on the portal's identity only.
  if (resources.email) targets.emailIdentity.grant(grantee, 'ses:SendEmail');

  if (resources.userPool?.length) {
    const bad = resources.userPool.filter((action) => !COGNITO_ACTION.test(action));
    if (bad.length) {
      throw new Error(`Route "${route.name}": Cognito actions must be plain API names, got ${bad.join(', ')}`);
    }
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: resources.userPool.map((action) => `cognito-idp:${action}`),
        resources: [targets.userPool.userPoolArn],
      }),
    );
  }
}

/**
 * Object access below the attachments prefix. Written out rather than `bucket.grantRead/grantWrite`
 * because those grant wildcard actions (`s3:GetObject*`, `s3:List*`, `s3:Abort*`, ...); presigned URLs
 * carry exactly the signer's permissions, so these four actions are all the portal needs.
 */
function grantAttachments(
  grantee: iam.IGrantable,
  mode: 'read' | 'write' | 'readWrite',
  targets: RouteResourceTargets,
) {
  const { attachmentsBucket: bucket, attachmentsPrefix: prefix } = targets;
  const objects = bucket.arnForObjects(`${prefix}*`);
  const actions: string[] = [];
  if (mode !== 'write') actions.push('s3:GetObject');
  if (mode !== 'read') actions.push('s3:PutObject', 's3:DeleteObject');
  grantee.grantPrincipal.addToPrincipalPolicy(new iam.PolicyStatement({ actions, resources: [objects] }));
  if (mode !== 'write') {
    // listOrderFiles: listing is a bucket-level action, limited to keys below the prefix.
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': [`${prefix}*`] } },
      }),
    );
  }
}
