import { stackUrls as urls } from '../integration/helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from '../../core/zod';
import { groupsOf, type RouteDefinition } from '../../core/route-definition';
import { ROUTE_LIST } from '../../core/routes';
import { CONSULT_NOT_FOUND } from '../../core/schemas/consults';
import { STATEMENT_NOT_FOUND } from '../../core/schemas/statements';
import { counterNames } from '../../lambdas/ports/orders-repository';
import { FROM_ORDER_NOT_FOUND } from '../../lambdas/use-cases/consults/submit-consult';
import { SETUP_NOT_FOUND } from '../../lambdas/use-cases/payments/autopay/cards';
import { CONSULT_NOT_ORDERABLE } from '../../lambdas/use-cases/orders/submit-order';
import { caller, type RouteAnswer } from '../support/api-call';
import { createTestUser, signIn } from '../support/cognito-test-users';
import { customerRow, getRow, putLensDesign, putRow, userRow } from '../support/dynamo-rows';
import { testDesign } from '../support/order-fakes';

/**
 * Cross-practice access over every route that names an order or an account (standards:
 * "a customer touching another practice's order gets not-found"). Practice A's customer places an order
 * with a file and saves a draft with a file; practice B's customer then calls every such route of the route
 * table with A's ids through the local gateway. Every answer is a 4xx that carries none of A's data, and A's
 * rows and S3 objects are byte-for-byte the same afterwards. Drafts are private to their creator: another
 * user of practice A and the lab get not-found too.
 *
 * The walked routes come from core/routes.ts: a route not open to customers is walked automatically (403),
 * a route open to customers needs a probe below, and the guard test fails when one is missing.
 */

/** Input keys that point at an order or an account (at any depth of the input schema). */
const SCOPED_KEYS = new Set([
  'orderId',
  'ofOrderId',
  'accountNumber',
  'account',
  'invoiceNumber',
  'paymentId',
  'claimId',
  'consultId',
]);

/** Every object key a route's input schema can take, through optional/default/pipe/array/union wrappers. */
function inputKeys(schema: z.core.$ZodType): Set<string> {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (node: unknown, depth: number) => {
    if (!node || depth > 15 || seen.has(node)) return;
    seen.add(node);
    const def = (node as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return;
    if (def['type'] === 'object') {
      for (const [key, child] of Object.entries(def['shape'] as Record<string, unknown>)) {
        found.add(key);
        walk(child, depth + 1);
      }
    }
    for (const key of ['innerType', 'in', 'out', 'schema', 'element', 'left', 'right', 'valueType'])
      walk(def[key], depth + 1);
    for (const option of (def['options'] as unknown[] | undefined) ?? []) walk(option, depth + 1);
  };
  walk(schema, 0);
  return found;
}

const takesOrderOrAccount = (route: RouteDefinition) => [...inputKeys(route.input)].some((k) => SCOPED_KEYS.has(k));
const openToCustomers = (route: RouteDefinition) =>
  route.access === 'public' || groupsOf(route.access).includes('customer');
const SCOPED_ROUTES = ROUTE_LIST.filter(takesOrderOrAccount);

type Api = ReturnType<typeof caller>;

/** What practice A owns, as the probes need it. */
interface Target {
  accountA: string;
  accountB: string;
  orderId: string;
  orderVersion: number;
  draftId: string;
  orderFile: string;
  draftFile: string;
  outsiderId: string;
  /** A's second user, whom B's practice admin must not change or remove. */
  colleagueId: string;
  invoiceNumber: string;
  paymentId: string;
  /** A's consult, answered by the lab (so "Order this" from it would pass for A), with one file. */
  consultId: string;
  consultVersion: number;
  consultFile: string;
  /** A visitor's request the lab has not linked to any practice. */
  leadId: string;
}

/**
 * What must hold for one call: `not-found` (404, the same answer as for an id that does not exist),
 * `remake-refused` (400, the same message as for a missing order), `no-prices` (200, the public catalogue
 * without any price), `not-discarded` (200 `{ discarded: false }`, the same answer as for an id that does not
 * exist: discarding is idempotent, so a retry after success must not fail), `consult-refused` (400 on
 * `consultId`, the same message as for a consult not answered yet), `from-order-refused` (400 on
 * `currentLens.fromOrderId`, the same message as for an unknown order).
 */
type Expectation =
  'not-found' | 'remake-refused' | 'no-prices' | 'not-discarded' | 'consult-refused' | 'from-order-refused';
interface Probe {
  label: string;
  data: (t: Target) => unknown;
  expect: Expectation;
}

const LENS_ID = `xp-scleral-${randomUUID().slice(0, 8)}`;
const MARK = randomUUID().slice(0, 8);
/** Strings only practice A's data holds: none may appear in an answer to practice B. */
const A_SECRETS = {
  patient: `Patient-A-${MARK}`,
  draftPatient: `Draft-A-${MARK}`,
  poNumber: `PO-A-${MARK}`,
  company: `Practice A ${MARK}`,
  orderFile: `topography-${MARK}.pdf`,
  draftFile: `draft-scan-${MARK}.pdf`,
  consultPatient: `Consult-A-${MARK}`,
  consultQuestion: `Question-A-${MARK}`,
  consultFile: `oct-scan-${MARK}.pdf`,
  leadEmail: `lead-${MARK}@lakeside.test`,
};

const orderFields = (patient: string) => ({
  patient,
  poNumber: A_SECRETS.poNumber,
  lines: [{ eye: 'OD', lensId: LENS_ID, parameters: { sphere: -2.5, diameter: 16.5 }, quantity: 1 }],
  shipping: { method: 'standard', address: { address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } },
});

const consultInput = (consultId: string, accountNumber: string) => ({
  consultId,
  accountNumber,
  patientReference: 'hijack',
  eye: 'OD',
  currentLens: { designName: 'Test Scleral' },
  question: 'hijack',
});

/** A one-dollar payment of A's invoice under this payment id, made on this account. */
const paymentOfA = (t: Target, paymentId: string, accountNumber: string) => ({
  paymentId,
  accountNumber,
  allocations: [{ invoiceNumber: t.invoiceNumber, amountCents: 100 }],
});

/** A warranty claim on A's order, made on this account. */
const claimOnA = (t: Target, accountNumber: string) => ({
  claimId: randomUUID(),
  accountNumber,
  orderId: t.orderId,
  eye: 'OD',
  kind: 'defect',
  note: 'hijack',
});

const publicConsultInput = () => ({
  consultId: randomUUID(),
  practiceName: 'Hijack Optometry',
  contactName: 'Otto',
  email: 'otto@b.test',
  licenceNumber: 'OD-1',
  patientInitials: 'XX',
  eye: 'OD',
  currentLens: { designName: 'Test Scleral' },
  question: 'hijack',
});

/**
 * How practice B's customer aims each customer route at practice A. Every route of core/routes.ts that is
 * open to customers and takes an order id or an account number must have an entry (the guard test).
 */
const PROBES: Record<string, Probe[]> = {
  getOrder: [
    { label: "A's order", data: (t) => ({ orderId: t.orderId }), expect: 'not-found' },
    { label: "A's draft", data: (t) => ({ orderId: t.draftId }), expect: 'not-found' },
  ],
  listAccountOrders: [
    { label: "A's account", data: (t) => ({ accountNumber: t.accountA }), expect: 'not-found' },
    {
      label: "A's account, drafts",
      data: (t) => ({ accountNumber: t.accountA, status: 'draft' }),
      expect: 'not-found',
    },
  ],
  saveOrderDraft: [
    {
      label: "A's draft id on B's own account",
      data: (t) => ({ orderId: t.draftId, accountNumber: t.accountB, draft: { patient: 'hijack' }, version: 0 }),
      expect: 'not-found',
    },
    {
      label: "A's draft id on A's account",
      data: (t) => ({ orderId: t.draftId, accountNumber: t.accountA, draft: { patient: 'hijack' }, version: 0 }),
      expect: 'not-found',
    },
    {
      label: "a new draft on A's account",
      data: (t) => ({ orderId: randomUUID(), accountNumber: t.accountA, draft: { patient: 'planted' } }),
      expect: 'not-found',
    },
    {
      label: "A's placed order id on B's own account",
      data: (t) => ({ orderId: t.orderId, accountNumber: t.accountB, draft: { patient: 'hijack' }, version: 0 }),
      expect: 'not-found',
    },
  ],
  discardOrderDraft: [
    { label: "A's draft", data: (t) => ({ orderId: t.draftId }), expect: 'not-discarded' },
    { label: "A's order", data: (t) => ({ orderId: t.orderId }), expect: 'not-discarded' },
  ],
  submitOrder: [
    {
      label: "A's draft id on B's own account",
      data: (t) => ({ orderId: t.draftId, accountNumber: t.accountB, order: orderFields('hijack') }),
      expect: 'not-found',
    },
    {
      label: "A's draft id on A's account",
      data: (t) => ({ orderId: t.draftId, accountNumber: t.accountA, order: orderFields('hijack') }),
      expect: 'not-found',
    },
    {
      // The idempotent replay must not answer A's stored order to someone else.
      label: "A's placed order id replayed on B's own account",
      data: (t) => ({ orderId: t.orderId, accountNumber: t.accountB, order: orderFields('hijack') }),
      expect: 'not-found',
    },
    {
      label: "a new order on A's account",
      data: (t) => ({ orderId: randomUUID(), accountNumber: t.accountA, order: orderFields('planted') }),
      expect: 'not-found',
    },
    {
      label: "a remake of A's order on B's own account",
      data: (t) => ({
        orderId: randomUUID(),
        accountNumber: t.accountB,
        order: { ...orderFields('remake'), remake: { kind: 'reorder', ofOrderId: t.orderId } },
      }),
      expect: 'remake-refused',
    },
    {
      label: '"Order this" from A\'s answered consult on B\'s own account',
      data: (t) => ({
        orderId: randomUUID(),
        accountNumber: t.accountB,
        order: { ...orderFields('x'), consultId: t.consultId },
      }),
      expect: 'consult-refused',
    },
  ],
  cancelOrder: [
    { label: "A's order", data: (t) => ({ orderId: t.orderId, version: t.orderVersion }), expect: 'not-found' },
    { label: "A's draft", data: (t) => ({ orderId: t.draftId, version: 0 }), expect: 'not-found' },
  ],
  resubmitOrder: [
    {
      label: "A's order",
      data: (t) => ({ orderId: t.orderId, version: t.orderVersion, answer: 'hijack', order: orderFields('hijack') }),
      expect: 'not-found',
    },
    { label: "A's draft", data: (t) => ({ orderId: t.draftId, version: 0, answer: 'hijack' }), expect: 'not-found' },
  ],
  reportParcelProblem: [
    {
      label: "A's order",
      data: (t) => ({ orderId: t.orderId, version: t.orderVersion, parcelId: '1', kind: 'missing', note: 'hijack' }),
      expect: 'not-found',
    },
    {
      label: "A's draft",
      data: (t) => ({ orderId: t.draftId, version: 0, parcelId: '1', kind: 'damaged', note: 'hijack' }),
      expect: 'not-found',
    },
  ],
  generateUploadUrl: [
    {
      label: "A's order",
      data: (t) => ({ orderId: t.orderId, filename: t.orderFile, contentType: 'application/pdf', size: 5 }),
      expect: 'not-found',
    },
    {
      label: "A's draft",
      data: (t) => ({ orderId: t.draftId, filename: t.draftFile, contentType: 'application/pdf', size: 5 }),
      expect: 'not-found',
    },
  ],
  listOrderFiles: [
    { label: "A's order", data: (t) => ({ orderId: t.orderId }), expect: 'not-found' },
    { label: "A's draft", data: (t) => ({ orderId: t.draftId }), expect: 'not-found' },
  ],
  generateDownloadUrl: [
    { label: "A's order file", data: (t) => ({ orderId: t.orderId, filename: t.orderFile }), expect: 'not-found' },
    { label: "A's draft file", data: (t) => ({ orderId: t.draftId, filename: t.draftFile }), expect: 'not-found' },
  ],
  deleteOrderFile: [
    { label: "A's order file", data: (t) => ({ orderId: t.orderId, filename: t.orderFile }), expect: 'not-found' },
    { label: "A's draft file", data: (t) => ({ orderId: t.draftId, filename: t.draftFile }), expect: 'not-found' },
  ],
  confirmOrderFile: [
    { label: "A's order file", data: (t) => ({ orderId: t.orderId, filename: t.orderFile }), expect: 'not-found' },
    { label: "A's draft file", data: (t) => ({ orderId: t.draftId, filename: t.draftFile }), expect: 'not-found' },
  ],
  getCustomerInfo: [{ label: "A's account", data: (t) => ({ account: t.accountA }), expect: 'not-found' }],
  // Money. A's invoice, payment and credit, aimed at from B's own account and from A's.
  getInvoice: [
    {
      label: "A's invoice",
      data: (t) => ({ invoiceNumber: t.invoiceNumber, accountNumber: t.accountA }),
      expect: 'not-found',
    },
    {
      label: "A's invoice on B's account",
      data: (t) => ({ invoiceNumber: t.invoiceNumber, accountNumber: t.accountB }),
      expect: 'not-found',
    },
  ],
  getInvoicePdfUrl: [
    {
      label: "A's invoice",
      data: (t) => ({ invoiceNumber: t.invoiceNumber, accountNumber: t.accountA }),
      expect: 'not-found',
    },
    {
      label: "A's invoice on B's account",
      data: (t) => ({ invoiceNumber: t.invoiceNumber, accountNumber: t.accountB }),
      expect: 'not-found',
    },
  ],
  listAccountInvoices: [{ label: "A's account", data: (t) => ({ accountNumber: t.accountA }), expect: 'not-found' }],
  startPayment: [
    {
      label: "A's invoice on A's account",
      data: (t) => paymentOfA(t, randomUUID(), t.accountA),
      expect: 'not-found',
    },
    {
      label: "A's invoice on B's own account",
      data: (t) => paymentOfA(t, randomUUID(), t.accountB),
      expect: 'not-found',
    },
    {
      label: "A's payment id replayed on B's own account",
      data: (t) => paymentOfA(t, t.paymentId, t.accountB),
      expect: 'not-found',
    },
  ],
  confirmPayment: [{ label: "A's payment", data: (t) => ({ paymentId: t.paymentId }), expect: 'not-found' }],
  getReceiptPdfUrl: [{ label: "A's payment", data: (t) => ({ paymentId: t.paymentId }), expect: 'not-found' }],
  getCreditSummary: [{ label: "A's account", data: (t) => ({ accountNumber: t.accountA }), expect: 'not-found' }],
  listCreditLedger: [{ label: "A's account", data: (t) => ({ accountNumber: t.accountA }), expect: 'not-found' }],
  getAccountStanding: [{ label: "A's account", data: (t) => ({ accountNumber: t.accountA }), expect: 'not-found' }],
  getBillingContacts: [{ label: "A's account", data: (t) => ({ accountNumber: t.accountA }), expect: 'not-found' }],
  updateBillingContacts: [
    {
      label: "A's account",
      data: (t) => ({ accountNumber: t.accountA, contacts: [`thief-${MARK}@b.test`], version: 0 }),
      expect: 'not-found',
    },
  ],
  listStatements: [{ label: "A's account", data: (t) => ({ accountNumber: t.accountA }), expect: 'not-found' }],
  // Cards on file and autopay: A's account from B, and a setup B never started on B's own account.
  getCardsAndAutopay: [{ label: "A's account", data: (t) => ({ accountNumber: t.accountA }), expect: 'not-found' }],
  startCardSetup: [{ label: "A's account", data: (t) => ({ accountNumber: t.accountA }), expect: 'not-found' }],
  finishCardSetup: [
    {
      label: "A's account",
      data: (t) => ({ accountNumber: t.accountA, setupIntentId: 'seti_fake_000000000000' }),
      expect: 'not-found',
    },
    {
      label: "a setup B never started, on B's own account",
      data: (t) => ({ accountNumber: t.accountB, setupIntentId: 'seti_fake_000000000000' }),
      expect: 'not-found',
    },
  ],
  setDefaultCard: [
    {
      label: "a card on A's account",
      data: (t) => ({ accountNumber: t.accountA, paymentMethodId: 'pm_fake_000000000000' }),
      expect: 'not-found',
    },
  ],
  removeCard: [
    {
      label: "a card on A's account",
      data: (t) => ({ accountNumber: t.accountA, paymentMethodId: 'pm_fake_000000000000' }),
      expect: 'not-found',
    },
  ],
  setAutopay: [
    {
      label: "A's account",
      data: (t) => ({ accountNumber: t.accountA, enabled: false, dayOfMonth: 15 }),
      expect: 'not-found',
    },
  ],
  getStatementPdfUrl: [
    {
      label: "A's account, any month",
      data: (t) => ({ accountNumber: t.accountA, month: '2026-11', version: 1 }),
      expect: 'not-found',
    },
  ],
  exportCreditLedger: [{ label: "A's account", data: (t) => ({ accountNumber: t.accountA }), expect: 'not-found' }],
  submitWarrantyClaim: [
    {
      label: "A's order on A's account",
      data: (t) => claimOnA(t, t.accountA),
      expect: 'not-found',
    },
    {
      label: "A's order on B's own account",
      data: (t) => claimOnA(t, t.accountB),
      expect: 'not-found',
    },
  ],
  listLensDesigns: [{ label: "A's account", data: (t) => ({ account: t.accountA }), expect: 'no-prices' }],
  // The Ampleye Virtual Consultant: A's consult, its file and an unlinked lead, aimed at from B.
  submitConsult: [
    {
      label: "A's consult id replayed on B's own account",
      data: (t) => consultInput(t.consultId, t.accountB),
      expect: 'not-found',
    },
    { label: "a new consult on A's account", data: (t) => consultInput(randomUUID(), t.accountA), expect: 'not-found' },
    {
      label: "a lens from A's order on B's own account",
      data: (t) => ({
        ...consultInput(randomUUID(), t.accountB),
        currentLens: { fromOrderId: t.orderId, designName: 'Test Scleral' },
      }),
      expect: 'from-order-refused',
    },
  ],
  submitPublicConsult: [
    {
      label: "A's consult id replayed as a visitor",
      data: (t) => ({
        ...publicConsultInput(),
        consultId: t.consultId,
      }),
      expect: 'not-found',
    },
    {
      label: "the lead's id replayed with another email",
      data: (t) => ({ ...publicConsultInput(), consultId: t.leadId }),
      expect: 'not-found',
    },
  ],
  listAccountConsults: [{ label: "A's account", data: (t) => ({ accountNumber: t.accountA }), expect: 'not-found' }],
  getConsult: [
    { label: "A's consult", data: (t) => ({ consultId: t.consultId }), expect: 'not-found' },
    { label: 'an unlinked lead', data: (t) => ({ consultId: t.leadId }), expect: 'not-found' },
  ],
  generateConsultUploadUrl: [
    {
      label: "A's consult",
      data: (t) => ({ consultId: t.consultId, filename: 'x.pdf', contentType: 'application/pdf', size: 5 }),
      expect: 'not-found',
    },
  ],
  confirmConsultFile: [
    {
      label: "A's consult file",
      data: (t) => ({ consultId: t.consultId, filename: t.consultFile }),
      expect: 'not-found',
    },
  ],
  listConsultFiles: [
    { label: "A's consult", data: (t) => ({ consultId: t.consultId }), expect: 'not-found' },
    { label: 'an unlinked lead', data: (t) => ({ consultId: t.leadId }), expect: 'not-found' },
  ],
  generateConsultDownloadUrl: [
    {
      label: "A's consult file",
      data: (t) => ({ consultId: t.consultId, filename: t.consultFile }),
      expect: 'not-found',
    },
  ],
  deleteConsultFile: [
    {
      label: "A's consult file",
      data: (t) => ({ consultId: t.consultId, filename: t.consultFile }),
      expect: 'not-found',
    },
  ],
  // B's user is B's practice admin (a link from before practice roles keeps every right): A's people stay A's.
  listPracticePeople: [{ label: "A's people", data: (t) => ({ accountNumber: t.accountA }), expect: 'not-found' }],
  setPracticeRoles: [
    {
      label: "B's user made A's practice admin",
      data: (t) => ({ accountNumber: t.accountA, userId: t.outsiderId, roles: ['practiceAdmin'] }),
      expect: 'not-found',
    },
    {
      label: "A's colleague's roles",
      data: (t) => ({ accountNumber: t.accountA, userId: t.colleagueId, roles: ['billing'] }),
      expect: 'not-found',
    },
  ],
  removePracticePerson: [
    {
      label: "A's colleague",
      data: (t) => ({ accountNumber: t.accountA, userId: t.colleagueId }),
      expect: 'not-found',
    },
  ],
};

/** A route closed to customers, aimed at A anyway: every order/account key filled with A's ids. */
const closedRouteData = (t: Target) => ({
  orderId: t.orderId,
  accountNumber: t.accountA,
  account: t.accountA,
  userId: t.outsiderId,
  version: t.orderVersion,
  invoiceNumber: t.invoiceNumber,
  paymentId: t.paymentId,
  consultId: t.consultId,
});

let target: Target;
let owner: Api;
let colleague: Api;
let outsider: Api;
let lab: Api;
let s3: S3Client;

async function practice(accountNumber: string, company: string) {
  // Both practices may see prices (customerRow): a price missing from B's answer is then down to the account check.
  await putRow('customers', customerRow(accountNumber, { company }));
}

async function customerOf(accountNumber: string, firstName: string) {
  const user = await createTestUser(['customer']);
  await putRow('users', userRow(user, { accountNumber, firstName }));
  return { api: caller(urls.api, await signIn(user)), userId: user.userId };
}

/** Uploads a PDF as the browser does and has the server confirm it: to an order, or to a consult. */
async function upload(api: Api, orderId: string, filename: string, body: string, owner: 'order' | 'consult' = 'order') {
  const routes =
    owner === 'order'
      ? { sign: 'generateUploadUrl', confirm: 'confirmOrderFile', key: 'orderId' }
      : { sign: 'generateConsultUploadUrl', confirm: 'confirmConsultFile', key: 'consultId' };
  const signed = await api(routes.sign, {
    [routes.key]: orderId,
    filename,
    contentType: 'application/pdf',
    size: Buffer.byteLength(body),
  });
  expect(signed.status).toBe(200);
  const put = await fetch(signed.body['result'].url as string, {
    method: 'PUT',
    headers: { 'content-type': 'application/pdf' },
    body,
  });
  expect(put.status).toBe(200);
  // Attached only once the server has checked its first bytes.
  expect((await api(routes.confirm, { [routes.key]: orderId, filename })).status).toBe(200);
}

/** An order's (or consult's) objects in S3 as stored: key, size, ETag and time, so any rewrite or deletion shows. */
async function s3Objects(id: string, folder: 'orders' | 'consults' = 'orders') {
  const page = await s3.send(
    new ListObjectsV2Command({ Bucket: process.env['ATTACHMENTS_BUCKET'], Prefix: `${folder}/${id}/` }),
  );
  return (page.Contents ?? []).map((o) => ({
    key: o.Key,
    size: o.Size,
    etag: o.ETag,
    lastModified: o.LastModified?.toISOString(),
  }));
}

/** Everything of A's that a cross-practice call could change, and B's own counters (nothing placed). */
async function snapshot() {
  const counter = (name: string) => getRow('counters', { counter: name });
  return {
    order: await getRow('orders', { orderId: target.orderId }),
    draft: await getRow('orders', { orderId: target.draftId }),
    customerA: await getRow('customers', { accountNumber: target.accountA }),
    counterA: await counter(counterNames.account(target.accountA)),
    counterB: await counter(counterNames.account(target.accountB)),
    orderFiles: await s3Objects(target.orderId),
    draftFiles: await s3Objects(target.draftId),
    invoice: await getRow('invoices', { invoiceNumber: target.invoiceNumber }),
    payment: await getRow('payments', { paymentId: target.paymentId }),
    creditA: await getRow('creditLedger', { accountNumber: target.accountA, sk: 'balance' }),
    consult: await getRow('consults', { consultId: target.consultId }),
    lead: await getRow('consults', { consultId: target.leadId }),
    consultFiles: await s3Objects(target.consultId, 'consults'),
  };
}

/** The answer carries none of A's private strings (patient, PO number, practice name, file names). */
function expectNoDataOfA(answer: RouteAnswer) {
  const text = JSON.stringify(answer.body);
  for (const secret of Object.values(A_SECRETS)) expect(text).not.toContain(secret);
}

const NOT_FOUND_MESSAGES = [
  'Order not found',
  'Account not found',
  'Invoice not found',
  'Payment not found',
  CONSULT_NOT_FOUND,
  STATEMENT_NOT_FOUND,
  SETUP_NOT_FOUND,
];

function expectOutcome(answer: RouteAnswer, expected: Expectation) {
  expect(answer.status).toBeLessThan(500);
  expectNoDataOfA(answer);
  if (expected === 'not-found') {
    expect(answer.status).toBe(404);
    expect(answer.body['error'].status).toBe('not-found');
    expect(NOT_FOUND_MESSAGES).toContain(answer.body['error'].message);
  } else if (expected === 'not-discarded') {
    expect(answer.status).toBe(200);
    expect(answer.body['result']).toEqual({ discarded: false });
  } else if (expected === 'remake-refused') {
    expect(answer.status).toBe(400);
    expect(answer.body['error'].message).toBe('The order to remake was not found for this account.');
  } else if (expected === 'consult-refused') {
    expect(answer.status).toBe(400);
    expect(answer.body['error'].details.fieldErrors).toEqual({ consultId: [CONSULT_NOT_ORDERABLE] });
  } else if (expected === 'from-order-refused') {
    expect(answer.status).toBe(400);
    expect(answer.body['error'].details.fieldErrors).toEqual({ 'currentLens.fromOrderId': [FROM_ORDER_NOT_FOUND] });
  } else {
    expect(answer.status).toBe(200);
    const items = answer.body['result'].items as { lensId: string; priceCents?: number }[];
    expect(items.some((d) => d.lensId === LENS_ID)).toBe(true);
    expect(items.filter((d) => d.priceCents !== undefined)).toEqual([]);
  }
}

/** How each test names what it checks. */
const RULE_TEXT: Record<Expectation, string> = {
  'not-found': 'gets 404 not-found',
  'no-prices': 'answers the catalog without any price',
  'remake-refused': 'is refused as if the order did not exist',
  'from-order-refused': 'is refused as if the order did not exist',
  'consult-refused': 'is refused as if the consult were not answered',
  'not-discarded': 'answers as for an unknown id (nothing discarded)',
};

let before: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  s3 = new S3Client({ forcePathStyle: true });
  await putLensDesign(testDesign({ lensId: LENS_ID, priceCents: 41_500 }));

  // Upper case as the lab issues them: listLensDesigns looks the practice up by the upper-cased number.
  const accountA = `XA-${MARK.toUpperCase()}`;
  const accountB = `XB-${MARK.toUpperCase()}`;
  await practice(accountA, A_SECRETS.company);
  await practice(accountB, `Practice B ${MARK}`);
  const ownerUser = await customerOf(accountA, 'Ann');
  const [colleagueUser, outsiderUser, labUser] = await Promise.all([
    customerOf(accountA, 'Cole'),
    customerOf(accountB, 'Otto'),
    createTestUser(['admin']),
  ]);
  await putRow('users', userRow(labUser, { firstName: 'Lara' }));
  owner = ownerUser.api;
  colleague = colleagueUser.api;
  outsider = outsiderUser.api;
  lab = caller(urls.api, await signIn(labUser));

  const orderId = randomUUID();
  const placed = await owner('submitOrder', {
    orderId,
    accountNumber: accountA,
    order: orderFields(A_SECRETS.patient),
  });
  expect(placed.status).toBe(200);
  await upload(owner, orderId, A_SECRETS.orderFile, '%PDF-1.4 order of A');

  const draftId = randomUUID();
  const saved = await owner('saveOrderDraft', {
    orderId: draftId,
    accountNumber: accountA,
    draft: { patient: A_SECRETS.draftPatient, poNumber: A_SECRETS.poNumber },
  });
  expect(saved.status).toBe(200);
  await upload(owner, draftId, A_SECRETS.draftFile, '%PDF-1.4 draft of A');

  // Controls: the owner sees both, so the not-founds below are about who asks, not about missing data.
  const [seenOrder, seenDraft] = await Promise.all([
    owner('getOrder', { orderId }),
    owner('getOrder', { orderId: draftId }),
  ]);
  expect(seenOrder.body['result'].patient).toBe(A_SECRETS.patient);
  expect(seenDraft.body['result'].patient).toBe(A_SECRETS.draftPatient);
  const ownLenses = await owner('listLensDesigns', { account: accountA });
  expect(ownLenses.body['result'].items.find((d: { lensId: string }) => d.lensId === LENS_ID).priceCents).toBe(41_500);

  // A's money, written as the lab's close and a payment would leave it.
  const invoiceNumber = `XP-${MARK.toUpperCase()}`;
  const paymentId = randomUUID();
  await putRow('invoices', {
    invoiceNumber,
    accountNumber: accountA,
    ledger: 'invoices',
    orderIds: [orderId],
    lines: [
      {
        description: 'Test Scleral',
        quantity: 1,
        unitCents: 41_500,
        amountCents: 41_500,
        orderId,
        patient: A_SECRETS.patient,
        eye: 'OD',
      },
    ],
    subtotalCents: 41_500,
    shippingCents: 0,
    taxCents: 0,
    totalCents: 41_500,
    paidCents: 1_000,
    creditedCents: 0,
    balanceCents: 40_500,
    status: 'partially-paid',
    issuedAt: new Date().toISOString(),
    dueDate: '2099-01-01',
    settlements: [{ settlementId: 's1', at: new Date().toISOString(), method: 'card', amountCents: 1_000, paymentId }],
    createdBy: { userId: 'lab', name: 'Lara' },
    updatedAt: new Date().toISOString(),
    version: 1,
  });
  await putRow('payments', {
    paymentId,
    accountNumber: accountA,
    payer: { userId: ownerUser.userId, name: 'Ann', email: 'ann@a.test' },
    allocations: [{ invoiceNumber, amountCents: 1_000 }],
    totalCents: 1_000,
    creditCents: 0,
    cardCents: 1_000,
    status: 'succeeded',
    gateway: 'fake',
    intentId: 'pi_test',
    overpaidCents: 0,
    receiptNumber: `R-${MARK}`,
    createdAt: new Date().toISOString(),
    settledAt: new Date().toISOString(),
    version: 2,
  });
  await putRow('creditLedger', {
    accountNumber: accountA,
    sk: 'balance',
    availableCents: 2_500,
    pendingCents: 0,
    version: 1,
  });
  const ownInvoice = await owner('getInvoice', { invoiceNumber, accountNumber: accountA });
  expect(ownInvoice.status).toBe(200);

  // A's consult about the placed order's lens, with a file, answered by the lab; and a visitor's lead.
  const consultId = randomUUID();
  const asked = await owner('submitConsult', {
    consultId,
    accountNumber: accountA,
    patientReference: A_SECRETS.consultPatient,
    eye: 'OD',
    currentLens: { fromOrderId: orderId, lensId: LENS_ID, designName: 'Test Scleral' },
    question: A_SECRETS.consultQuestion,
  });
  expect(asked.status).toBe(200);
  await upload(owner, consultId, A_SECRETS.consultFile, '%PDF-1.4 consult of A', 'consult');
  const answered = await lab('replyToConsult', {
    consultId,
    version: 0,
    text: 'Order it again as it is.',
    proposal: { lensId: LENS_ID, parameters: { sphere: -2.5, diameter: 16.5 } },
  });
  expect(answered.status).toBe(200);
  const seenConsult = await owner('getConsult', { consultId });
  expect(seenConsult.body['result'].patient).toBe(A_SECRETS.consultPatient);
  const leadId = randomUUID();
  const at = new Date().toISOString();
  await putRow('consults', {
    consultId: leadId,
    reference: `AVC-9${MARK.replace(/[^0-9]/g, '0').slice(0, 5)}`,
    source: 'public',
    status: 'new',
    requester: { name: 'Dr Lee', email: A_SECRETS.leadEmail, practiceName: 'Lakeside', licenceNumber: 'OD-1' },
    patient: 'JD',
    eye: 'OS',
    currentLens: { designName: 'Another scleral', parameters: {} },
    suggestions: [],
    question: 'Is this too much clearance?',
    orderIds: [],
    createdAt: at,
    statusAt: at,
    updatedAt: at,
    version: 0,
  });

  target = {
    invoiceNumber,
    paymentId,
    accountA,
    accountB,
    orderId,
    orderVersion: seenOrder.body['result'].version as number,
    draftId,
    orderFile: A_SECRETS.orderFile,
    draftFile: A_SECRETS.draftFile,
    outsiderId: outsiderUser.userId,
    colleagueId: colleagueUser.userId,
    consultId,
    consultVersion: answered.body['result'].version as number,
    consultFile: A_SECRETS.consultFile,
    leadId,
  };
  before = await snapshot();
  expect(before.orderFiles).toHaveLength(1);
  expect(before.draftFiles).toHaveLength(1);
  expect(before.consultFiles).toHaveLength(1);
  expect(before.consult).toMatchObject({ status: 'answered' });
});

afterAll(() => s3?.destroy());

describe('security: guard - every route that names an order or an account is walked', () => {
  it('every route of core/routes.ts open to customers that takes orderId/accountNumber/account has a cross-practice probe', () => {
    const missing = SCOPED_ROUTES.filter((r) => openToCustomers(r) && !PROBES[r.name]?.length).map((r) => r.name);
    expect(missing, 'add a probe to PROBES in tests/security/cross-practice.test.ts').toEqual([]);
  });

  it('every probe names a route that exists and still takes an order id or an account number', () => {
    const known = new Set(SCOPED_ROUTES.filter(openToCustomers).map((r) => r.name));
    expect(Object.keys(PROBES).filter((name) => !known.has(name))).toEqual([]);
  });

  it('the input-key walk finds the order and account keys it is meant to find (the guard can fail)', () => {
    const names = SCOPED_ROUTES.map((r) => r.name);
    for (const name of ['getOrder', 'listAccountOrders', 'submitOrder', 'deleteOrderFile', 'getCustomerInfo'])
      expect(names).toContain(name);
    expect(names).not.toContain('getMyProfile');
  });
});

describe("security: practice B's customer gets not-found on every route aimed at practice A", () => {
  for (const route of SCOPED_ROUTES) {
    if (openToCustomers(route)) {
      for (const probe of PROBES[route.name] ?? []) {
        const rule = RULE_TEXT[probe.expect];
        it(`${route.name} on ${probe.label} ${rule}, never A's data, never a 5xx`, async () => {
          expectOutcome(await outsider(route.name, probe.data(target)), probe.expect);
        });
      }
    } else {
      it(`${route.name} (not open to customers) aimed at A's order and account gets 403`, async () => {
        const answer = await outsider(route.name, closedRouteData(target));
        expect(answer.status).toBe(403);
        expectNoDataOfA(answer);
      });
    }
  }

  it("an order id that does not exist gets the same 404 as A's order (ids cannot be probed)", async () => {
    const missing = await outsider('getOrder', { orderId: randomUUID() });
    const foreign = await outsider('getOrder', { orderId: target.orderId });
    expect(foreign.status).toBe(missing.status);
    expect(foreign.body['error'].message).toBe(missing.body['error'].message);
  });

  it("B's own account still works for B (the refusals are about A, not a broken caller)", async () => {
    const own = await outsider('listAccountOrders', { accountNumber: target.accountB });
    expect(own.status).toBe(200);
    // Nothing B tried above was stored under B's account either.
    expect(own.body['result'].items).toEqual([]);
    const consults = await outsider('listAccountConsults', { accountNumber: target.accountB });
    expect(consults.status).toBe(200);
    expect(consults.body['result'].items).toEqual([]);
    const lenses = await outsider('listLensDesigns', { account: target.accountB });
    const design = (lenses.body['result'].items as { lensId: string; priceCents?: number }[]).find(
      (d) => d.lensId === LENS_ID,
    );
    expect(design?.priceCents).toBe(41_500);
  });

  it("after the walk A's order, draft, practice, counters and S3 files are unchanged", async () => {
    expect(await snapshot()).toEqual(before);
  });
});

describe('security: drafts are private to their creator, the placed order is the practice’s', () => {
  it('a second user of practice A can see the submitted order and its files', async () => {
    const seen = await colleague('getOrder', { orderId: target.orderId });
    expect(seen.status).toBe(200);
    expect(seen.body['result'].patient).toBe(A_SECRETS.patient);
    const files = await colleague('listOrderFiles', { orderId: target.orderId });
    expect(files.body['result'].files.map((f: { filename: string }) => f.filename)).toEqual([A_SECRETS.orderFile]);
  });

  it('a second user of practice A gets not-found for the first user’s draft on every draft and file route', async () => {
    const t = target;
    const answers = await Promise.all([
      colleague('getOrder', { orderId: t.draftId }),
      colleague('saveOrderDraft', {
        orderId: t.draftId,
        accountNumber: t.accountA,
        draft: { patient: 'x' },
        version: 0,
      }),
      colleague('submitOrder', { orderId: t.draftId, accountNumber: t.accountA, order: orderFields('x') }),
      colleague('cancelOrder', { orderId: t.draftId, version: 0 }),
      colleague('generateUploadUrl', {
        orderId: t.draftId,
        filename: 'x.pdf',
        contentType: 'application/pdf',
        size: 1,
      }),
      colleague('listOrderFiles', { orderId: t.draftId }),
      colleague('generateDownloadUrl', { orderId: t.draftId, filename: t.draftFile }),
      colleague('deleteOrderFile', { orderId: t.draftId, filename: t.draftFile }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain(A_SECRETS.draftPatient);
    }
    // Discarding answers as for an unknown id (idempotent, and no hint that the draft exists).
    const discard = await colleague('discardOrderDraft', { orderId: t.draftId });
    expect(discard.status).toBe(200);
    expect(discard.body['result']).toEqual({ discarded: false });
  });

  it('the practice’s lists show a second user the placed order but never the first user’s draft', async () => {
    const [all, drafts, info] = await Promise.all([
      colleague('listAccountOrders', { accountNumber: target.accountA }),
      colleague('listAccountOrders', { accountNumber: target.accountA, status: 'draft' }),
      colleague('getCustomerInfo', { account: target.accountA }),
    ]);
    const ids = (answer: RouteAnswer, key: string) =>
      (answer.body['result'][key] as { orderId: string }[]).map((o) => o.orderId);
    expect(ids(all, 'items')).toEqual([target.orderId]);
    expect(ids(drafts, 'items')).toEqual([]);
    expect(ids(info, 'orders')).toEqual([target.orderId]);
    // The creator does see the draft in the same list (the filter is about who asks).
    const mine = await owner('listAccountOrders', { accountNumber: target.accountA, status: 'draft' });
    expect(ids(mine, 'items')).toEqual([target.draftId]);
  });

  it('the lab (admin) cannot see a draft or its files, and its lists leave drafts out', async () => {
    const t = target;
    const refused = await Promise.all([
      lab('getOrder', { orderId: t.draftId }),
      lab('listOrderFiles', { orderId: t.draftId }),
      lab('generateDownloadUrl', { orderId: t.draftId, filename: t.draftFile }),
      lab('generateUploadUrl', { orderId: t.draftId, filename: 'x.pdf', contentType: 'application/pdf', size: 1 }),
      lab('deleteOrderFile', { orderId: t.draftId, filename: t.draftFile }),
    ]);
    for (const answer of refused) {
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain(A_SECRETS.draftPatient);
    }
    const [all, drafts, queue] = await Promise.all([
      lab('listAccountOrders', { accountNumber: t.accountA }),
      lab('listAccountOrders', { accountNumber: t.accountA, status: 'draft' }),
      lab('listOrders', { status: 'draft' }),
    ]);
    expect(all.body['result'].items.map((o: { orderId: string }) => o.orderId)).toEqual([t.orderId]);
    expect(drafts.body['result'].items).toEqual([]);
    // The approval queue has no draft status at all.
    expect(queue.status).toBe(400);
    // The lab does see the placed order.
    expect((await lab('getOrder', { orderId: t.orderId })).body['result'].patient).toBe(A_SECRETS.patient);
  });

  it('after the second user and the lab tried, the draft and its file are unchanged', async () => {
    const now = await snapshot();
    expect(now.draft).toEqual(before.draft);
    expect(now.draftFiles).toEqual(before.draftFiles);
    expect(now.order).toEqual(before.order);
    expect(now.orderFiles).toEqual(before.orderFiles);
  });
});
