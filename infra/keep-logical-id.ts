import { CfnResource } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Pins a stateful resource's CloudFormation logical id. CloudFormation replaces (deletes and recreates) a
 * resource whose logical id changes, so moving a table or bucket in the construct tree must never change
 * it; the infra tests assert these exact ids.
 */
export function keepLogicalId(construct: IConstruct, logicalId: string): void {
  const resource = construct.node.defaultChild;
  if (!(resource instanceof CfnResource)) {
    throw new Error(`keepLogicalId: ${construct.node.path} has no CloudFormation resource to pin`);
  }
  resource.overrideLogicalId(logicalId);
}
