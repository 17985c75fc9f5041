import type { Template } from 'aws-cdk-lib/assertions';

export interface Resource {
  Type: string;
  Properties?: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}

export interface Statement {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource?: unknown;
  Condition?: unknown;
}

interface PolicyDocument {
  Statement: Statement[];
}

export const resourcesOf = (template: Template, type: string) =>
  template.findResources(type) as Record<string, Resource>;

export const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/**
 * Renders a CloudFormation value as text: `{Ref: X}` -> `${X}`, `{Fn::GetAtt: [X, Y]}` -> `${X.Y}`,
 * `Fn::Join` joined, so tests can read CSP strings and ARNs built from tokens.
 */
export function render(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(render).join(',');
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    if ('Ref' in obj) return `\${${String(obj.Ref)}}`;
    if ('Fn::GetAtt' in obj) return `\${${(obj['Fn::GetAtt'] as string[]).join('.')}}`;
    if ('Fn::Join' in obj) {
      const [separator, parts] = obj['Fn::Join'] as [string, unknown[]];
      return parts.map(render).join(separator);
    }
    if ('Fn::Sub' in obj) return String(obj['Fn::Sub']);
  }
  return JSON.stringify(value);
}

/** Every IAM statement in the template, from policies, managed policies and inline role policies. */
export function iamStatements(template: Template): { owner: string; statement: Statement }[] {
  const found: { owner: string; statement: Statement }[] = [];
  const add = (owner: string, doc: unknown) => {
    for (const statement of (doc as PolicyDocument | undefined)?.Statement ?? []) found.push({ owner, statement });
  };
  for (const type of ['AWS::IAM::Policy', 'AWS::IAM::ManagedPolicy']) {
    for (const [id, resource] of Object.entries(resourcesOf(template, type)))
      add(id, resource.Properties?.PolicyDocument);
  }
  for (const [id, role] of Object.entries(resourcesOf(template, 'AWS::IAM::Role'))) {
    for (const policy of (role.Properties?.Policies as { PolicyDocument: unknown }[] | undefined) ?? []) {
      add(id, policy.PolicyDocument);
    }
  }
  return found;
}

/** The Lambda function serving a route (found by the description the Functions construct gives it). */
export function functionOfRoute(template: Template, routeName: string): { id: string; fn: Resource } {
  const matches = Object.entries(resourcesOf(template, 'AWS::Lambda::Function')).filter(
    ([, fn]) => fn.Properties?.Description === `POST /api/${routeName}`,
  );
  if (matches.length !== 1) throw new Error(`expected one function for ${routeName}, found ${matches.length}`);
  const [id, fn] = matches[0]!;
  return { id, fn };
}

/** The logical id of a function's execution role. */
export function roleOf(fn: Resource): string {
  const role = fn.Properties?.Role as { 'Fn::GetAtt': [string, string] };
  return role['Fn::GetAtt'][0];
}

/** Statements of the policies attached to one role (CDK's DefaultPolicy and any other AWS::IAM::Policy). */
export function statementsOfRole(template: Template, roleId: string): Statement[] {
  return Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
    .filter((policy) =>
      ((policy.Properties?.Roles as { Ref: string }[] | undefined) ?? []).some((role) => role.Ref === roleId),
    )
    .flatMap((policy) => (policy.Properties?.PolicyDocument as PolicyDocument).Statement);
}
