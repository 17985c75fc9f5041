/**
 * The machine API's OpenAPI 3.1 document, generated from the route table (docs/decisions/0104-machine-api.md): each
 * machine route's zod schemas as JSON Schema (draft 2020-12, OpenAPI 3.1's dialect), its scopes as the OAuth 2.0
 * client-credentials requirement, and the portal's envelope (`{ data }` in, `{ result }` or `{ error }` out).
 * scripts/machine-openapi.ts writes it to web/public/ (served beside the portal) and docs/integration.md.
 */
import * as z from './zod';
import { isMachineAccess, routePath, type RouteDefinition } from './route-definition';
import { MACHINE_SCOPE_DESCRIPTIONS, MACHINE_SCOPES, qualifiedScope } from './rules/machine-scopes';

/** Where the document is served, beside the portal's pages. */
export const MACHINE_OPENAPI_PATH = '/machine-api.openapi.json';

/** What each machine route does, for the document (the route table's comments are not at run time). */
const SUMMARIES: Record<string, string> = {
  machinePullOrders:
    'Approved orders after a cursor, oldest approval first. Keep the answer’s cursor and pull with it next time; pull again at once while hasMore is true.',
  machineSetOrderStage:
    'Moves one approved order to a stage of the lab’s list (or the next one), over the version read.',
  machineShipOrder:
    'Ships an order with its parcels’ tracking numbers and closes it with its invoice number (the invoice is issued in the same write).',
  machineIssueInvoice:
    'Issues an invoice. An invoice number already used is refused (409), so a retry never bills twice.',
};

type Json = Record<string, unknown>;

const jsonSchemaOf = (schema: z.core.$ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
};

const ERROR_SCHEMA: Json = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        status: { type: 'string' },
        message: { type: 'string' },
        details: { type: 'object' },
        correlationId: { type: 'string' },
      },
      required: ['status', 'message', 'correlationId'],
    },
  },
  required: ['error'],
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function operationOf(route: RouteDefinition): Json {
  const scopes = isMachineAccess(route.access) ? route.access.machine.map(qualifiedScope) : [];
  return {
    operationId: route.name,
    summary: SUMMARIES[route.name] ?? route.name,
    security: [{ machineClient: scopes }],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { data: jsonSchemaOf(route.input, 'input') },
            required: ['data'],
            additionalProperties: false,
          },
        },
      },
    },
    responses: {
      '200': {
        description: 'Done',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { result: jsonSchemaOf(route.output, 'output') },
              required: ['result'],
            },
          },
        },
      },
      '400': errorResponse('The input is not valid (details.fieldErrors names each field)'),
      '401': errorResponse('No token, or one the pool did not issue or that has expired: ask for a new token'),
      '403': errorResponse('The token is not a machine client’s, or lacks a scope the route needs'),
      '404': errorResponse('No such order'),
      '409': errorResponse('The order changed since it was read, or the invoice number is already used'),
    },
  };
}

/**
 * The document for the machine routes of `routes`. `tokenUrl`: the pool domain's `/oauth2/token` (in AWS
 * `https://{domain}.auth.{region}.amazoncognito.com/oauth2/token`; locally the Cognito bridge's).
 */
export function machineOpenApiDocument(routes: readonly RouteDefinition[], tokenUrl: string): Json {
  const machineRoutes = routes.filter((route) => isMachineAccess(route.access));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lenslab Portal machine API',
      version: '1',
      description:
        'For the lab’s production and accounting software. Every operation is POST with { "data": ... }, answering { "result": ... } or { "error": ... }. Authenticate with an OAuth 2.0 client-credentials token (docs/integration.md).',
    },
    servers: [{ url: '/', description: 'The portal’s own address' }],
    paths: Object.fromEntries(machineRoutes.map((route) => [routePath(route.name), { post: operationOf(route) }])),
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: {
        machineClient: {
          type: 'oauth2',
          description: 'A machine client a super admin registered (Admin > Machine clients); tokens last one hour.',
          flows: {
            clientCredentials: {
              tokenUrl,
              scopes: Object.fromEntries(
                MACHINE_SCOPES.map((scope) => [qualifiedScope(scope), MACHINE_SCOPE_DESCRIPTIONS[scope]]),
              ),
            },
          },
        },
      },
    },
  };
}
