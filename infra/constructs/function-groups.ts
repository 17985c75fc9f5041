import { NestedStack } from 'aws-cdk-lib';
import type { Construct } from 'constructs';

/**
 * The route group of a handler: its folder below `lambdas/handlers/`, in PascalCase
 * (`orders/approve-order` -> `Orders`, `account-requests/list` -> `AccountRequests`). Each group is one
 * nested stack (docs/deploy.md "Stack layout"). The folder, not a hash or a count, decides the group, so a
 * new route lands beside its relatives and never moves an existing function to another stack.
 */
export function routeGroupOf(handler: string): string {
  const slash = handler.indexOf('/');
  const folder = slash > 0 ? handler.slice(0, slash) : '';
  const words = folder.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.length ? words.map((word) => `${word[0]!.toUpperCase()}${word.slice(1)}`).join('') : 'Ungrouped';
}

/** Construct id of a route group's nested stack: `Orders` -> `OrdersRoutes`. */
export const routeGroupStackId = (group: string) => `${group}Routes`;

/** Construct id of the nested stack holding the scheduled jobs (functions and their EventBridge rules). */
export const JOBS_STACK_ID = 'Jobs';

/**
 * A nested stack for one group of functions. CloudFormation counts at most 500 resources per stack and a
 * nested stack is one resource of its parent, so the route table can grow without the parent growing by
 * the ~6 resources each function brings (function, role, policy, log group, API integration, permission).
 */
export function functionGroupStack(scope: Construct, id: string, description: string): NestedStack {
  return new NestedStack(scope, id, { description });
}
