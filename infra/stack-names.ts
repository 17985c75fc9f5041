/**
 * The CloudFormation stack names of a stage, in a module of their own so that scripts (scripts/restore-table.ts,
 * scripts/deploy.ts) can name a stage's stacks without loading the CDK app.
 */

/** The portal of a stage: one stack per stage, so stages never share a resource. */
export const portalStackName = (stage: string) => `LenslabPortal-${stage}`;

/** The stage's us-east-1 monitoring (infra/edge-monitoring-stack.ts). */
export const edgeStackName = (stage: string) => `LenslabPortalEdge-${stage}`;

/** The stage's CloudFront web ACL, in us-east-1 (infra/edge-firewall-stack.ts). */
export const edgeFirewallStackName = (stage: string) => `LenslabPortalEdgeFirewall-${stage}`;
