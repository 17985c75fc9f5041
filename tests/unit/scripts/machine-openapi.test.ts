import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { machineOpenApiDocument } from '../../../core/machine-openapi';
import { isMachineAccess, routePath } from '../../../core/route-definition';
import { ROUTE_LIST } from '../../../core/routes';
import { INTEGRATION_DOC, OPENAPI_FILE, openApiJson, withOpenApiBlock } from '../../../scripts/machine-openapi';

const doc = machineOpenApiDocument(ROUTE_LIST, 'https://example.test/oauth2/token') as {
  openapi: string;
  paths: Record<string, { post: { security: Record<string, string[]>[] } }>;
  components: { securitySchemes: { machineClient: { flows: { clientCredentials: { scopes: object } } } } };
};

describe('the machine API OpenAPI document (docs/decisions/0104-machine-api.md)', () => {
  it('is OpenAPI 3.1 with one path per machine route and no other route', () => {
    expect(doc.openapi).toBe('3.1.0');
    const machine = ROUTE_LIST.filter((r) => isMachineAccess(r.access));
    expect(Object.keys(doc.paths).sort()).toEqual(machine.map((r) => routePath(r.name)).sort());
  });

  it('names each route’s scopes as its client-credentials requirement', () => {
    expect(doc.paths['/api/machineShipOrder']!.post.security).toEqual([
      { machineClient: ['lenslab/orders.write-status', 'lenslab/invoices.write'] },
    ]);
    expect(Object.keys(doc.components.securitySchemes.machineClient.flows.clientCredentials.scopes)).toContain(
      'lenslab/orders.read',
    );
  });

  it('the served file and docs/integration.md hold the current document (run scripts/machine-openapi.ts)', async () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(await openApiJson());
    const markdown = readFileSync(INTEGRATION_DOC, 'utf8');
    expect(await withOpenApiBlock(markdown)).toBe(markdown);
  });
});
