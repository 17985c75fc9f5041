import { defineRoutes } from '../define-routes';
import { SUPER_ADMIN, ADMIN, CUSTOMER, CUSTOMER_OR_ADMIN } from './access-groups';
import {
  confirmOrderFileOutputSchema,
  deleteOrderFileOutputSchema,
  generateDownloadUrlOutputSchema,
  generateUploadUrlOutputSchema,
  listOrderFilesOutputSchema,
} from '../schemas/attachments';
import { emptyInputSchema } from '../schemas/common';
import {
  consultFileInputSchema,
  consultIdInputSchema,
  consultPageSchema,
  consultSchema,
  consultUploadUrlInputSchema,
  consultantSetupSchema,
  customerConsultPageSchema,
  customerConsultSchema,
  linkConsultInputSchema,
  listAccountConsultsInputSchema,
  listConsultsInputSchema,
  replyToConsultInputSchema,
  submitConsultInputSchema,
  submitPublicConsultInputSchema,
  submitPublicConsultOutputSchema,
  troubleshooterSettingsSchema,
  updateTroubleshooterSettingsInputSchema,
} from '../schemas/consults';

/** The Ampleye Virtual Consultant: the public troubleshooter's settings, consult requests (practices and
 * visitors), the lab's queue and answers, and the files a practice attaches to its request. */
export const consultRoutes = defineRoutes('consults', {
  getConsultantSetup: {
    input: emptyInputSchema,
    output: consultantSetupSchema,
    // The troubleshooter is public (spec 1, 2): its thresholds and the designs it covers, no prices.
    access: 'public',
    resources: { tables: { referenceData: 'read', lenses: 'read' } },
    rateLimit: 20,
  },
  updateConsultantSettings: {
    input: updateTroubleshooterSettingsInputSchema,
    output: troubleshooterSettingsSchema,
    access: SUPER_ADMIN,
    resources: { tables: { referenceData: 'readWrite', lenses: 'read' } },
  },
  submitConsult: {
    input: submitConsultInputSchema,
    output: customerConsultSchema,
    access: CUSTOMER,
    practice: 'orders',
    // orders: the past order the current lens came from must be the account's; counters: the reference markers;
    // outbox: the lab's notice, stored with the consult.
    resources: {
      tables: {
        consults: 'readWrite',
        counters: 'readWrite',
        referenceData: 'read',
        orders: 'read',
        users: 'read',
        customers: 'read',
        outbox: 'write',
      },
    },
  },
  submitPublicConsult: {
    input: submitPublicConsultInputSchema,
    output: submitPublicConsultOutputSchema,
    // A visitor's request: rate-limited per address and per email (tokens), a honeypot field, no files.
    access: 'public',
    resources: {
      tables: {
        consults: 'readWrite',
        counters: 'readWrite',
        referenceData: 'read',
        tokens: 'readWrite',
        outbox: 'write',
      },
    },
    rateLimit: 2,
  },
  listAccountConsults: {
    input: listAccountConsultsInputSchema,
    output: customerConsultPageSchema,
    access: CUSTOMER,
    practice: 'orders',
    resources: { tables: { consults: 'read', users: 'read' } },
  },
  getConsult: {
    input: consultIdInputSchema,
    output: customerConsultSchema,
    access: CUSTOMER,
    practice: 'orders',
    resources: { tables: { consults: 'read', users: 'read' } },
  },
  listConsults: {
    input: listConsultsInputSchema,
    output: consultPageSchema,
    access: ADMIN,
    resources: { tables: { consults: 'read' } },
  },
  getLabConsult: {
    input: consultIdInputSchema,
    output: consultSchema,
    access: ADMIN,
    resources: { tables: { consults: 'read' } },
  },
  replyToConsult: {
    input: replyToConsultInputSchema,
    output: consultSchema,
    access: ADMIN,
    // lenses: the proposal is checked against the design's ranges like an order line; outbox: the requester's
    // notice, stored with the answer.
    resources: { tables: { consults: 'readWrite', lenses: 'read', users: 'read', outbox: 'write' } },
  },
  linkConsultToAccount: {
    input: linkConsultInputSchema,
    output: consultSchema,
    access: ADMIN,
    resources: { tables: { consults: 'readWrite', customers: 'read' } },
  },
  generateConsultUploadUrl: {
    input: consultUploadUrlInputSchema,
    output: generateUploadUrlOutputSchema,
    access: CUSTOMER,
    practice: 'orders',
    resources: { tables: { consults: 'read', users: 'read' }, consultFiles: 'readWrite' },
  },
  confirmConsultFile: {
    input: consultFileInputSchema,
    output: confirmOrderFileOutputSchema,
    access: CUSTOMER,
    practice: 'orders',
    resources: { tables: { consults: 'read', users: 'read' }, consultFiles: 'readWrite' },
  },
  listConsultFiles: {
    input: consultIdInputSchema,
    output: listOrderFilesOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    practice: 'orders',
    resources: { tables: { consults: 'read', users: 'read' }, consultFiles: 'read' },
  },
  generateConsultDownloadUrl: {
    input: consultFileInputSchema,
    output: generateDownloadUrlOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    practice: 'orders',
    resources: { tables: { consults: 'read', users: 'read' }, consultFiles: 'read' },
  },
  deleteConsultFile: {
    input: consultFileInputSchema,
    output: deleteOrderFileOutputSchema,
    access: CUSTOMER,
    practice: 'orders',
    resources: { tables: { consults: 'read', users: 'read' }, consultFiles: 'readWrite' },
  },
});
