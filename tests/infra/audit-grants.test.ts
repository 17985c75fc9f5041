import { beforeAll, describe, expect, test } from 'vitest';
import { TABLES } from '../../core/data/tables';
import { ROUTE_LIST } from '../../core/routes';
import { tableLogicalId } from '../../infra/constructs/data';
import { synthPortal, type SynthResult } from './support/synth-portal';
import { asList, functionOfRoute, render, roleOf, statementsOfRole } from './support/template-walk';

let staging: SynthResult;
beforeAll(() => {
  staging = synthPortal({ stage: 'staging', functionCode: 'placeholder' });
});

const AUDIT_ARN = `\${${tableLogicalId(TABLES.auditLog)}.Arn}`;

/** Every action a route's role holds on the audit table or its indexes. */
function auditActions(routeName: string): { actions: string[]; resources: string[] } {
  const statements = statementsOfRole(staging.template, roleOf(functionOfRoute(staging.template, routeName).fn));
  const onAudit = statements.filter((s) => asList(s.Resource).some((r) => render(r).startsWith(AUDIT_ARN)));
  return {
    actions: [...new Set(onAudit.flatMap((s) => asList(s.Action)))].sort(),
    resources: [...new Set(onAudit.flatMap((s) => asList(s.Resource).map(render)))].sort(),
  };
}

describe('the audit log is append-only', () => {
  test.each(ROUTE_LIST.filter((r) => r.name !== 'listAuditEvents' && r.kind !== 'webhook').map((r) => [r.name]))(
    '%s may only PutItem on the audit table: no read, update, delete or index',
    (name) => {
      expect(auditActions(name)).toEqual({ actions: ['dynamodb:PutItem'], resources: [AUDIT_ARN] });
    },
  );

  test('the webhook route is not wrapped by the auditing handler and gets nothing', () => {
    expect(auditActions('paymentWebhook').actions).toEqual([]);
  });

  test('only listAuditEvents reads it, and it cannot update or delete entries either', () => {
    const { actions } = auditActions('listAuditEvents');
    expect(actions).toContain('dynamodb:Query');
    expect(actions).toContain('dynamodb:PutItem');
    expect(actions.filter((a) => /Update|Delete|BatchWrite/.test(a))).toEqual([]);
  });
});
