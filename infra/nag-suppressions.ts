import type { NagPackSuppression } from 'cdk-nag';

/**
 * cdk-nag findings (AwsSolutions and HIPAA Security packs; tests/infra/cdk-nag.test.ts) that several constructs
 * share, with the reason each is a choice rather than a gap. Each construct applies them next to its own
 * resources (NagSuppressions.addResourceSuppressions); nothing is suppressed for a whole stack.
 */

/** On every Lambda function of the portal, its role and its policy (the route and job functions). */
export const FUNCTION_NAG_SUPPRESSIONS: NagPackSuppression[] = [
  {
    id: 'AwsSolutions-L1',
    reason:
      'Node.js 22 is the runtime the handlers are bundled and tested for (esbuild target node22); moving to a newer runtime is a deliberate, tested upgrade, not a side effect of a lint rule.',
  },
  {
    id: 'AwsSolutions-IAM4',
    reason:
      'AWSLambdaBasicExecutionRole only lets the function write its own logs (CreateLogStream, PutLogEvents) and is maintained by AWS; every other permission is scoped to the resources the route table names.',
    appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
  },
  {
    id: 'AwsSolutions-IAM5',
    reason:
      "CDK's table grants include the table's own indexes (<table>/index/*): the wildcard names only indexes of a table this function's entry lists.",
    appliesTo: [{ regex: '/^Resource::<\\w+Table\\.Arn>\\/index\\/\\*$/g' }],
  },
  {
    id: 'AwsSolutions-IAM5',
    reason:
      'Order files live under orders/{orderId}/, consult files under consults/{consultId}/, unchecked uploads under incoming/orders/{orderId}/ and incoming/consults/{consultId}/ and PDFs under documents/: the prefix is the boundary, and every key is built by the server from a checked id.',
    appliesTo: [
      {
        regex:
          '/^Resource::<AttachmentsBucket\\.Arn>\\/(orders|consults|incoming\\/orders|incoming\\/consults|documents)\\/\\*$/g',
      },
    ],
  },
  {
    id: 'HIPAA.Security-IAMNoInlinePolicy',
    reason:
      'Each function has a role of its own whose only policy is generated from its route-table entry (infra/grant-route-resources.ts): an inline policy on a one-function role cannot drift onto another role.',
  },
  {
    id: 'HIPAA.Security-LambdaInsideVPC',
    reason:
      'The functions reach only AWS service endpoints and the card gateway, over TLS with signed requests; there is no private network resource to protect, and a VPC would need NAT or an endpoint per service.',
  },
  {
    id: 'HIPAA.Security-LambdaDLQ',
    reason:
      'Routes are invoked synchronously by API Gateway (a DLQ only catches asynchronous events); a failed job throws, EventBridge retries it twice and the next daily run redoes the work, so a queue would hold nothing to replay.',
  },
  {
    id: 'HIPAA.Security-LambdaConcurrency',
    reason:
      "Reserved concurrency would cut the account's pool into fixed slices and throttle a busy route while others idle; API Gateway's stage and per-route throttling and the per-user rate limits bound the load instead.",
  },
];

/** Why a function's log group has no customer-managed key. */
export const LOG_GROUP_NAG_SUPPRESSIONS: NagPackSuppression[] = [
  {
    id: 'HIPAA.Security-CloudWatchLogGroupEncrypted',
    reason:
      'CloudWatch Logs encrypts every log group at rest (AES-256); the handlers log ids, statuses and error names with credentials redacted (lambdas/http/logger.ts), so a customer-managed key would add a key policy and cost without guarding a secret.',
  },
];
