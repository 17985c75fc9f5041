import { describe, expect, it } from 'vitest';
import { TABLES, tableEnvVar, type TableName } from '../../core/data/tables';
import {
  functionEnvironment,
  functionResourcesOf,
  implicitResourcesOf,
  mergeResources,
  type FunctionEnvironmentValues,
} from '../../core/function-resources';
import { JOBS } from '../../core/jobs';
import { ROUTES } from '../../core/routes';

const VALUES: FunctionEnvironmentValues = {
  stage: 'test',
  logLevel: 'warn',
  tables: Object.fromEntries((Object.keys(TABLES) as TableName[]).map((t) => [t, `physical-${t}`])) as Record<
    TableName,
    string
  >,
  userPoolId: 'pool',
  userPoolClientId: 'client',
  issuer: 'https://issuer',
  originVerifySecret: 'secret',
  attachmentsBucket: 'bucket',
  emailFrom: 'lab@example.test',
  emailConfigurationSet: 'set',
  paymentGateway: { PAYMENT_GATEWAY: 'stripe', PAYMENT_SECRET_ARN: 'arn' },
  parcelTracking: { PARCEL_TRACKING: 'easypost', EASYPOST_SECRET_ARN: 'easypost-arn' },
  portalUrl: 'https://portal.example.test',
};

describe('every function gets only its declared resources plus the implicit ones', () => {
  it('a signed-in route implicitly checks revocations, the session rules of its flags, audits and (for staff) TOTP, recording a set-up it sees first', () => {
    expect(implicitResourcesOf({ name: 'x', access: ['admin'], resources: {} })).toEqual({
      tables: { tokens: 'read', userActivity: 'read' },
      audit: 'append',
      callerIdentity: true,
      userPool: ['AdminGetUser'],
      secondFactorSeen: true,
    });
    expect(implicitResourcesOf({ name: 'x', access: ['customer'], resources: {} }).tables).toEqual({
      tokens: 'read',
      userActivity: 'read',
      users: 'read',
    });
  });

  it('a public route verifies an optional token but has no session rules; a webhook and a job have no caller at all', () => {
    expect(implicitResourcesOf({ name: 'x', access: 'public', resources: {} })).toEqual({
      tables: { tokens: 'read' },
      audit: 'append',
      callerIdentity: true,
    });
    expect(implicitResourcesOf({ name: 'x', access: 'public', kind: 'webhook', resources: {} })).toEqual({});
    expect(implicitResourcesOf({ name: 'job', resources: {} })).toEqual({});
  });

  it('sending email implies reading the suppressed addresses, for routes and jobs alike', () => {
    expect(implicitResourcesOf({ name: 'job', resources: { email: true } })).toEqual({
      tables: { emailSuppressions: 'read' },
    });
  });

  it('a table named twice gets the wider mode, and Cognito actions are the union', () => {
    expect(
      mergeResources(
        { tables: { users: 'read', orders: 'write' }, userPool: ['ListUsers'] },
        { tables: { users: 'write', orders: 'write', tokens: 'read' }, userPool: ['ListUsers', 'AdminGetUser'] },
      ),
    ).toEqual({
      tables: { users: 'readWrite', orders: 'write', tokens: 'read' },
      userPool: ['ListUsers', 'AdminGetUser'],
    });
  });

  it("a route's environment names exactly its tables, and nothing of the pool, bucket, sender or gateway it does not use", () => {
    const route = ROUTES.listOrders;
    const tables = Object.keys(functionResourcesOf(route).tables ?? {}) as TableName[];
    expect(Object.keys(functionEnvironment(route, VALUES)).sort()).toEqual(
      [
        'STAGE',
        'LOG_LEVEL',
        'USER_POOL_ISSUER',
        'USER_POOL_CLIENT_ID',
        'ORIGIN_VERIFY_SECRET',
        'USER_POOL_ID',
        ...tables.map(tableEnvVar),
        tableEnvVar('auditLog'),
      ].sort(),
    );
    expect(functionEnvironment(route, VALUES)[tableEnvVar('orders')]).toBe('physical-orders');
  });

  it('the sender address comes with email or senderAddress; the portal address only with email', () => {
    const sender = functionEnvironment({ name: 'x', resources: { senderAddress: true } }, VALUES);
    expect(sender.EMAIL_FROM).toBe('lab@example.test');
    expect(sender).not.toHaveProperty('EMAIL_CONFIGURATION_SET');
    expect(sender).not.toHaveProperty('PORTAL_URL');
    const environmentOf = (name: string) =>
      functionEnvironment(
        JOBS.find((job) => job.name === name)!,
        VALUES,
      );
    const [delivers, reminders, drafts] = ['deliverNotices', 'warrantyReminders', 'abandonedDraftFiles'].map(
      environmentOf,
    );
    expect(delivers).toMatchObject({ PORTAL_URL: 'https://portal.example.test', EMAIL_CONFIGURATION_SET: 'set' });
    // The reminders are outbox messages the deliverNotices job sends: the job itself has no sender.
    expect(reminders).not.toHaveProperty('EMAIL_FROM');
    expect(drafts).not.toHaveProperty('PORTAL_URL');
    expect(drafts).not.toHaveProperty('USER_POOL_ISSUER');
    expect(drafts?.ATTACHMENTS_BUCKET).toBe('bucket');
  });

  it('only a route that names the card gateway gets its variables', () => {
    expect(functionEnvironment(ROUTES.startPayment, VALUES)).toMatchObject({ PAYMENT_GATEWAY: 'stripe' });
    expect(functionEnvironment(ROUTES.getInvoice, VALUES)).not.toHaveProperty('PAYMENT_GATEWAY');
  });

  it('only the carrier webhook and the outbox consumer get the parcel-tracking variables', () => {
    const tracking = { PARCEL_TRACKING: 'easypost', EASYPOST_SECRET_ARN: 'easypost-arn' };
    expect(functionEnvironment(ROUTES.carrierWebhook, VALUES)).toMatchObject(tracking);
    const deliverNotices = JOBS.find((job) => job.name === 'deliverNotices')!;
    expect(functionEnvironment(deliverNotices, VALUES)).toMatchObject(tracking);
    // The close only writes the parcels' outbox messages: it never talks to the tracking service.
    expect(functionEnvironment(ROUTES.closeOrder, VALUES)).not.toHaveProperty('PARCEL_TRACKING');
    expect(functionEnvironment(ROUTES.startPayment, VALUES)).not.toHaveProperty('EASYPOST_SECRET_ARN');
    expect(functionEnvironment(ROUTES.carrierWebhook, VALUES)).not.toHaveProperty('PAYMENT_GATEWAY');
  });
});
