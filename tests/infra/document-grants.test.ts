import { beforeAll, describe, expect, test } from 'vitest';
import type { RouteDefinition } from '../../core/route-definition';
import { ROUTES } from '../../core/routes';
import { DOCUMENTS_PREFIX } from '../../infra/constructs/storage';
import { invoiceDocumentKey, receiptDocumentKey } from '../../lambdas/ports/document-store';
import { placeholderRoute, synthPortal, type SynthResult } from './support/synth-portal';
import { asList, functionOfRoute, render, resourcesOf, roleOf, statementsOfRole } from './support/template-walk';

/** Generated PDFs below documents/ of the attachments bucket, reached only by `documents` routes. */
const documentRoute = (name: string, documents: 'read' | 'readWrite'): RouteDefinition =>
  placeholderRoute(name, { documents });

let synth: SynthResult;
beforeAll(() => {
  synth = synthPortal({
    stage: 'staging',
    functionCode: 'placeholder',
    routes: [
      documentRoute('readDocuments', 'read'),
      documentRoute('writeDocuments', 'readWrite'),
      ROUTES.getInvoicePdfUrl,
      ROUTES.getReceiptPdfUrl,
      ROUTES.generateDownloadUrl,
    ],
  });
});

const s3Statements = (name: string) =>
  statementsOfRole(synth.template, roleOf(functionOfRoute(synth.template, name).fn)).filter((s) =>
    asList(s.Action).some((a) => a.startsWith('s3:')),
  );
const s3Actions = (name: string) =>
  s3Statements(name)
    .flatMap((s) => asList(s.Action))
    .filter((a) => a.startsWith('s3:'))
    .sort();
const DOCUMENT_OBJECTS = '${AttachmentsBucket.Arn}/documents/*';

describe('document grants (infra/grant-route-resources.ts)', () => {
  test('the keys the store writes are below the prefix infra grants', () => {
    expect(DOCUMENTS_PREFIX).toBe('documents/');
    expect(invoiceDocumentKey('ACC-1', 'INV-1', 2).startsWith(DOCUMENTS_PREFIX)).toBe(true);
    expect(receiptDocumentKey('ACC-1', 'R-1').startsWith(DOCUMENTS_PREFIX)).toBe(true);
  });

  test('read: GetObject on documents/* only, and listing below documents/ only', () => {
    const statements = s3Statements('readDocuments');
    expect(s3Actions('readDocuments')).toEqual(['s3:GetObject', 's3:ListBucket']);
    expect(render(statements.find((s) => s.Action === 's3:GetObject')?.Resource)).toBe(DOCUMENT_OBJECTS);
    const list = statements.find((s) => s.Action === 's3:ListBucket');
    expect(render(list?.Resource)).toBe('${AttachmentsBucket.Arn}');
    expect(list?.Condition).toEqual({ StringLike: { 's3:prefix': ['documents/*'] } });
  });

  test('readWrite: GetObject and PutObject on documents/* only; never delete, never order files', () => {
    const statements = s3Statements('writeDocuments');
    expect(s3Actions('writeDocuments')).toEqual(['s3:GetObject', 's3:ListBucket', 's3:PutObject']);
    const objectStatement = statements.find((s) => asList(s.Action).includes('s3:PutObject'));
    expect(asList(objectStatement?.Action).sort()).toEqual(['s3:GetObject', 's3:PutObject']);
    expect(render(objectStatement?.Resource)).toBe(DOCUMENT_OBJECTS);
    for (const statement of statements) expect(render(statement.Resource)).not.toContain('orders/');
  });

  test.each([['getInvoicePdfUrl'], ['getReceiptPdfUrl']])(
    '%s reads and writes documents and reaches no order file',
    (name) => {
      expect(s3Actions(name)).toEqual(['s3:GetObject', 's3:ListBucket', 's3:PutObject']);
      for (const statement of s3Statements(name)) {
        const resource = render(statement.Resource);
        expect(resource === DOCUMENT_OBJECTS || resource === '${AttachmentsBucket.Arn}').toBe(true);
      }
    },
  );

  test('an attachments route gets no document access', () => {
    for (const statement of s3Statements('generateDownloadUrl')) {
      expect(render(statement.Resource)).not.toContain('documents/');
    }
  });

  test('no lifecycle rule of the bucket expires or moves current objects outside incoming/ (documents/ stay)', () => {
    const bucket = resourcesOf(synth.template, 'AWS::S3::Bucket').AttachmentsBucket;
    const rules = (bucket?.Properties?.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    for (const rule of rules) {
      expect(Object.keys(rule).filter((key) => /Transition/.test(key))).toEqual([]);
      // Only unconfirmed uploads expire; deleted versions expiring is not an expiry of documents.
      if ('ExpirationInDays' in rule) expect(rule.Prefix).toBe('incoming/');
    }
  });
});
