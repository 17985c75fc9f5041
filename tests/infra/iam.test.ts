import { beforeAll, describe, expect, test } from 'vitest';
import type { TableName } from '../../core/data/tables';
import type { RouteDefinition } from '../../core/route-definition';
import { ROUTE_LIST } from '../../core/routes';
import { functionResourcesOf } from '../../core/function-resources';
import { routeChecksStaffMfa } from '../../core/rules/staff-mfa';
import { XRAY_WRITE_ACTIONS } from '../../infra/tracing';
import { expectNoWildcardActions, tableAccess } from './support/iam-assertions';
import { placeholderRoute, synthPortal, type SynthResult } from './support/synth-portal';
import {
  asList,
  functionOfRoute,
  iamStatements,
  render,
  roleOf,
  statementsOfRole,
  type Statement,
} from './support/template-walk';

let staging: SynthResult;
let prod: SynthResult;
beforeAll(() => {
  staging = synthPortal({ stage: 'staging', functionCode: 'placeholder' });
  prod = synthPortal({ stage: 'prod', functionCode: 'placeholder' });
});

const READ = 'dynamodb:GetItem';
const WRITE = 'dynamodb:PutItem';

/** The staff check's PutItem on second-factor items of the tokens table (`secondFactorSeen`), scoped by key. */
const isSecondFactorSeen = (s: Statement) =>
  render(s.Condition) === render({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['second-factor#*'] } });

const actionsOf = (statements: Statement[], prefix: string) =>
  statements.flatMap((s) => asList(s.Action)).filter((a) => a.startsWith(prefix));

describe('least privilege (docs/decisions/0002-one-shared-folder-one-protocol-one-route-table.md "The route table names what each Lambda touches")', () => {
  test.each([['staging'], ['prod']] as const)('no IAM statement in %s uses a wildcard action', (stage) => {
    expectNoWildcardActions(stage === 'staging' ? staging.template : prod.template);
  });

  test("no IAM statement allows every resource, except X-Ray's writes, which take no resource", () => {
    const xray = new Set<string>(XRAY_WRITE_ACTIONS);
    const everything = iamStatements(staging.template).filter(
      ({ statement }) =>
        asList(statement.Resource).some((r) => r === '*') && !asList(statement.Action).every((a) => xray.has(a)),
    );
    expect(everything).toEqual([]);
  });

  test('every route has a role of its own', () => {
    const roles = ROUTE_LIST.map((route) => roleOf(functionOfRoute(staging.template, route.name).fn));
    expect(new Set(roles).size).toBe(ROUTE_LIST.length);
  });

  test.each(ROUTE_LIST.map((route) => [route.name, route] as const))(
    '%s reaches exactly the tables, in the modes, its route names',
    (_name, route) => {
      const statements = statementsOfRole(staging.template, roleOf(functionOfRoute(staging.template, route.name).fn));
      // The key-scoped write of the staff check is asserted on its own below.
      const access = tableAccess(statements.filter((s) => !isSecondFactorSeen(s)));
      const declared = Object.entries(route.resources.tables ?? {}) as [TableName, string][];
      // `audit: 'append'` (every callable route): PutItem on the audit log, on top of what `tables` names.
      const appends = route.resources.audit === 'append';
      // `email: true`: the sender also reads the suppressed addresses it leaves out (grantRouteResources).
      const names = new Set([
        ...declared.map(([name]) => name),
        ...(appends ? (['auditLog'] as const) : []),
        ...(route.resources.email ? (['emailSuppressions'] as const) : []),
      ]);
      expect([...access.keys()].sort()).toEqual([...names].sort());
      for (const [table, mode] of declared) {
        const actions = access.get(table)!;
        expect(actions.has(READ), `${table} read`).toBe(mode !== 'write');
        expect(actions.has(WRITE), `${table} write`).toBe(mode !== 'read' || (appends && table === 'auditLog'));
      }
    },
  );

  test.each(ROUTE_LIST.map((route) => [route.name, route] as const))(
    '%s may write second-factor items of the tokens table, and only them, exactly when it checks staff TOTP (docs/decisions/0101-staff-second-factor-recorded.md)',
    (_name, route) => {
      const statements = statementsOfRole(staging.template, roleOf(functionOfRoute(staging.template, route.name).fn));
      const scoped = statements.filter(isSecondFactorSeen);
      expect(scoped.length).toBe(routeChecksStaffMfa(route) ? 1 : 0);
      for (const statement of scoped) {
        expect(asList(statement.Action)).toEqual(['dynamodb:PutItem']);
        expect(asList(statement.Resource).map(render)).toEqual([expect.stringMatching(/^\$\{Tokens\w*\.Arn\}$/)]);
      }
    },
  );

  test.each(ROUTE_LIST.map((route) => [route.name, route] as const))(
    '%s sends email and calls Cognito admin APIs only as its route says',
    (_name, route) => {
      const statements = statementsOfRole(staging.template, roleOf(functionOfRoute(staging.template, route.name).fn));
      expect(actionsOf(statements, 'ses:')).toEqual(route.resources.email ? ['ses:SendEmail'] : []);
      expect(actionsOf(statements, 'cognito-idp:').sort()).toEqual(
        (functionResourcesOf(route).userPool ?? []).map((a) => `cognito-idp:${a}`).sort(),
      );
      const { attachments, consultFiles, documents } = route.resources;
      if (!attachments && !consultFiles && !documents) expect(actionsOf(statements, 's3:')).toEqual([]);
      // The identity, and the configuration set every email names (SES checks both).
      for (const statement of statements.filter((s) => asList(s.Action).some((a) => a.startsWith('ses:')))) {
        expect(asList(statement.Resource).map(render).sort()).toEqual([
          expect.stringMatching(/:ses:.*:configuration-set\/\$\{EmailConfigurationSet[0-9A-F]+\}$/),
          expect.stringMatching(/:ses:.*:identity\/\$\{EmailIdentity[0-9A-F]+\}$/),
        ]);
      }
      for (const statement of statements.filter((s) => asList(s.Action).some((a) => a.startsWith('cognito-idp:')))) {
        expect(render(statement.Resource)).toBe('${UserPool.Arn}');
      }
    },
  );

  // The wrapper reads a staff caller's MFA settings (AdminGetUser) on routes open to staff.
  test('routes open to staff may read users for the staff TOTP check; customer-only routes and signOut need not', () => {
    const readers = ROUTE_LIST.filter((route) =>
      actionsOf(
        statementsOfRole(staging.template, roleOf(functionOfRoute(staging.template, route.name).fn)),
        'cognito-idp:',
      ).includes('cognito-idp:AdminGetUser'),
    ).map((route) => route.name);
    const checking = ROUTE_LIST.filter(routeChecksStaffMfa).map((route) => route.name);
    expect(checking).toContain('listOrders');
    expect(checking).toContain('getMyProfile');
    expect(checking).not.toContain('signOut');
    expect(checking).not.toContain('getCustomerInfo');
    for (const name of checking) expect(readers).toContain(name);
    expect(readers.filter((name) => !checking.includes(name))).toEqual(
      ROUTE_LIST.filter((r) => !routeChecksStaffMfa(r) && (r.resources.userPool ?? []).includes('AdminGetUser')).map(
        (r) => r.name,
      ),
    );
  });
});

describe('attachment grants (spec 3: files under orders/{orderId}/)', () => {
  const fileRoute = (name: string, attachments: 'read' | 'write' | 'readWrite'): RouteDefinition =>
    placeholderRoute(name, { attachments });
  let files: SynthResult;
  beforeAll(() => {
    files = synthPortal({
      stage: 'staging',
      functionCode: 'placeholder',
      routes: [
        fileRoute('readFiles', 'read'),
        fileRoute('writeFiles', 'write'),
        fileRoute('readWriteFiles', 'readWrite'),
      ],
    });
  });

  const s3Statements = (name: string) =>
    statementsOfRole(files.template, roleOf(functionOfRoute(files.template, name).fn)).filter((s) =>
      asList(s.Action).some((a) => a.startsWith('s3:')),
    );
  const objectArn = '${AttachmentsBucket.Arn}/orders/*';

  test('read: get objects and list keys below orders/ only', () => {
    const statements = s3Statements('readFiles');
    expect(statements).toContainEqual(expect.objectContaining({ Action: 's3:GetObject' }));
    expect(render(statements.find((s) => s.Action === 's3:GetObject')?.Resource)).toBe(objectArn);
    const list = statements.find((s) => s.Action === 's3:ListBucket');
    expect(render(list?.Resource)).toBe('${AttachmentsBucket.Arn}');
    expect(list?.Condition).toEqual({ StringLike: { 's3:prefix': ['orders/*'] } });
    expect(actionsOf(statements, 's3:').sort()).toEqual(['s3:GetObject', 's3:ListBucket']);
  });

  const incomingArn = '${AttachmentsBucket.Arn}/incoming/orders/*';

  test('read: nothing below incoming/ (uploads not yet checked are never served)', () => {
    const resources = s3Statements('readFiles').flatMap((st) => asList(st.Resource).map(render));
    expect(resources.join(' ')).not.toContain('incoming/');
  });

  test('write: put and delete objects below orders/ and incoming/orders/ (where presigned PUTs land), nothing else', () => {
    const statements = s3Statements('writeFiles');
    expect(actionsOf(statements, 's3:').sort()).toEqual(['s3:DeleteObject', 's3:PutObject']);
    for (const statement of statements) {
      expect(asList(statement.Resource).map(render).sort()).toEqual([incomingArn, objectArn]);
    }
  });

  test("readWrite: both, and reading and listing uploads below incoming/orders/ to check and attach them (never a consult's)", () => {
    const statements = s3Statements('readWriteFiles');
    expect(actionsOf(statements, 's3:').sort()).toEqual([
      's3:DeleteObject',
      's3:GetObject',
      's3:ListBucket',
      's3:PutObject',
    ]);
    const objects = statements.find((st) => asList(st.Action).includes('s3:GetObject'));
    expect(asList(objects?.Resource).map(render).sort()).toEqual([incomingArn, objectArn]);
    const list = statements.find((st) => st.Action === 's3:ListBucket');
    expect(list?.Condition).toEqual({ StringLike: { 's3:prefix': ['orders/*', 'incoming/orders/*'] } });
  });
});

describe('consult file grants: consults/{consultId}/, never an order’s files', () => {
  const consultRoute = (name: string, consultFiles: 'read' | 'readWrite'): RouteDefinition =>
    placeholderRoute(name, { consultFiles });
  let files: SynthResult;
  beforeAll(() => {
    files = synthPortal({
      stage: 'staging',
      functionCode: 'placeholder',
      routes: [consultRoute('readConsultFiles', 'read'), consultRoute('changeConsultFiles', 'readWrite')],
    });
  });
  const s3Statements = (name: string) =>
    statementsOfRole(files.template, roleOf(functionOfRoute(files.template, name).fn)).filter((s) =>
      asList(s.Action).some((a) => a.startsWith('s3:')),
    );
  const consultObjects = '${AttachmentsBucket.Arn}/consults/*';
  const consultUploads = '${AttachmentsBucket.Arn}/incoming/consults/*';

  test('read: get objects and list keys below consults/ only (no uploads, no orders/)', () => {
    const statements = s3Statements('readConsultFiles');
    expect(actionsOf(statements, 's3:').sort()).toEqual(['s3:GetObject', 's3:ListBucket']);
    expect(render(statements.find((s) => s.Action === 's3:GetObject')?.Resource)).toBe(consultObjects);
    expect(statements.find((s) => s.Action === 's3:ListBucket')?.Condition).toEqual({
      StringLike: { 's3:prefix': ['consults/*'] },
    });
  });

  test('readWrite: objects below consults/ and incoming/consults/ only, never orders/ or other uploads', () => {
    const statements = s3Statements('changeConsultFiles');
    const objects = statements.find((st) => asList(st.Action).includes('s3:PutObject'));
    expect(asList(objects?.Resource).map(render).sort()).toEqual([consultObjects, consultUploads]);
    expect(statements.find((st) => st.Action === 's3:ListBucket')?.Condition).toEqual({
      StringLike: { 's3:prefix': ['consults/*', 'incoming/consults/*'] },
    });
    const resources = statements.flatMap((st) => asList(st.Resource).map(render)).join(' ');
    expect(resources).not.toContain('/orders/');
  });

  test('the consult file routes of the route table name consultFiles, not the order attachments', () => {
    const names = [
      'generateConsultUploadUrl',
      'confirmConsultFile',
      'listConsultFiles',
      'generateConsultDownloadUrl',
      'deleteConsultFile',
    ];
    for (const route of ROUTE_LIST.filter((r) => names.includes(r.name))) {
      expect(route.resources.attachments, route.name).toBeUndefined();
      expect(route.resources.consultFiles, route.name).toBeDefined();
    }
    expect(ROUTE_LIST.filter((r) => names.includes(r.name))).toHaveLength(names.length);
  });
});
