import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';

/** A CloudFormation template as JSON (the parts these helpers read). */
export interface TemplateJson {
  Parameters?: Record<string, unknown>;
  Resources?: Record<string, { Type: string; Properties?: Record<string, unknown> } & Record<string, unknown>>;
  Outputs?: Record<string, { Value: unknown }>;
  [section: string]: unknown;
}

/** One deployed stack of the app: the parent, or a nested stack (its path names it, e.g. `.../Functions/OrdersRoutes`). */
export interface StackTemplate {
  path: string;
  stack: Stack;
  json: TemplateJson;
  /** Template bytes as CloudFormation receives them (the limit for a template in S3 is 1 MB). */
  bytes: number;
}

export const NESTED_STACK_TYPE = 'AWS::CloudFormation::Stack';
// CDK's own metadata resource, if a nested template carries one: not part of the portal, and not unique.
const CDK_METADATA_TYPE = 'AWS::CDK::Metadata';

/** The parent's template and every nested stack's, read from the synthesized cloud assembly. */
export function stackTemplates(parent: Stack, assemblyDir: string): StackTemplate[] {
  const stacks = [parent, ...parent.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c))];
  return stacks.map((stack) => {
    const text = readFileSync(join(assemblyDir, stack.templateFile), 'utf8');
    return { path: stack.node.path, stack, json: JSON.parse(text) as TemplateJson, bytes: Buffer.byteLength(text) };
  });
}

/**
 * The whole app as one template: the parent's resources plus every nested stack's, with each nested
 * parameter replaced by the value the parent passes it and each `Fn::GetAtt [nested, Outputs.X]` by that
 * output's value. That is what CloudFormation resolves at deploy time, so assertions written against the
 * single stack (`${UserPool}`, `${OrdersTable.Arn}`, a rule targeting `${JobFunction.Arn}`) keep their exact
 * meaning wherever the resource now lives. Logical ids are unique per stack only: a clash between stacks
 * throws rather than letting one resource hide another.
 */
export function flattenedTemplate(parent: Stack, templates: readonly StackTemplate[]): Template {
  const byStack = new Map(templates.map((t) => [t.stack, t]));
  const flat = flatten(parent, {}, byStack);
  const parentJson = byStack.get(parent)!.json;
  return Template.fromJSON({ ...parentJson, Resources: flat.resources, Outputs: flat.outputs });
}

interface Flat {
  resources: NonNullable<TemplateJson['Resources']>;
  outputs: Record<string, { Value: unknown }>;
}

function flatten(stack: Stack, parameters: Record<string, unknown>, byStack: Map<Stack, StackTemplate>): Flat {
  const { json } = byStack.get(stack)!;
  const children = new Map<string, NestedStack>();
  for (const child of byStack.keys()) {
    if (NestedStack.isNestedStack(child) && child.nestedStackParent === stack) {
      children.set(stack.resolve(child.nestedStackResource!.logicalId) as string, child);
    }
  }

  // Children are flattened on first use: a child's parameters may name a sibling's outputs.
  const flatChildren = new Map<string, Flat>();
  const childFlat = (id: string): Flat => {
    const done = flatChildren.get(id);
    if (done) return done;
    const passed = (json.Resources?.[id]?.Properties?.Parameters ?? {}) as Record<string, unknown>;
    const resolvedParameters = Object.fromEntries(Object.entries(passed).map(([k, v]) => [k, substitute(v)]));
    const result = flatten(children.get(id)!, resolvedParameters, byStack);
    flatChildren.set(id, result);
    return result;
  };

  const substitute = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(substitute);
    if (!value || typeof value !== 'object') return value;
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj);
    if (keys.length === 1 && typeof obj.Ref === 'string' && obj.Ref in parameters) return parameters[obj.Ref];
    if (keys.length === 1 && Array.isArray(obj['Fn::GetAtt'])) {
      const [id, attribute] = obj['Fn::GetAtt'] as [string, string];
      if (children.has(id) && attribute.startsWith('Outputs.')) {
        const output = childFlat(id).outputs[attribute.slice('Outputs.'.length)];
        if (!output) throw new Error(`${stack.node.path}: nested stack ${id} has no output ${attribute}`);
        return output.Value;
      }
    }
    return Object.fromEntries(keys.map((key) => [key, substitute(obj[key])]));
  };

  const resources: Flat['resources'] = {};
  for (const [id, resource] of Object.entries(json.Resources ?? {})) {
    resources[id] = substitute(resource) as Flat['resources'][string];
  }
  for (const id of children.keys()) {
    for (const [childId, resource] of Object.entries(childFlat(id).resources)) {
      if (resource.Type === CDK_METADATA_TYPE) continue;
      if (childId in resources) {
        throw new Error(`logical id ${childId} exists in ${stack.node.path} and its nested stack ${id}`);
      }
      resources[childId] = resource;
    }
  }
  const outputs = substitute(json.Outputs ?? {}) as Flat['outputs'];
  return { resources, outputs };
}

/** Resources per stack, for failure messages: `LenslabPortal-staging: 129`. */
export const resourceCounts = (templates: readonly StackTemplate[]) =>
  templates.map((t) => `${t.path}: ${Object.keys(t.json.Resources ?? {}).length}`).join('\n');
