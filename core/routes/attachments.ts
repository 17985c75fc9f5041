import { defineRoutes } from '../define-routes';
import { CUSTOMER_OR_ADMIN } from './access-groups';
import {
  confirmOrderFileOutputSchema,
  deleteOrderFileOutputSchema,
  generateDownloadUrlOutputSchema,
  generateUploadUrlInputSchema,
  generateUploadUrlOutputSchema,
  listOrderFilesInputSchema,
  listOrderFilesOutputSchema,
  orderFileInputSchema,
} from '../schemas/attachments';

/** An order's files (spec 7 server functions; the order's practice or the lab only). An upload counts as
 * attached only once the server has read its first bytes (confirmOrderFile). */
export const attachmentRoutes = defineRoutes('attachments', {
  generateUploadUrl: {
    input: generateUploadUrlInputSchema,
    output: generateUploadUrlOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    practice: 'orders',
    resources: { tables: { orders: 'read', users: 'read' }, attachments: 'readWrite' },
  },
  confirmOrderFile: {
    input: orderFileInputSchema,
    output: confirmOrderFileOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    practice: 'orders',
    resources: { tables: { orders: 'read', users: 'read' }, attachments: 'readWrite' },
  },
  listOrderFiles: {
    input: listOrderFilesInputSchema,
    output: listOrderFilesOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    practice: 'orders',
    resources: { tables: { orders: 'read', users: 'read' }, attachments: 'read' },
  },
  generateDownloadUrl: {
    input: orderFileInputSchema,
    output: generateDownloadUrlOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    practice: 'orders',
    resources: { tables: { orders: 'read', users: 'read' }, attachments: 'read' },
  },
  deleteOrderFile: {
    input: orderFileInputSchema,
    output: deleteOrderFileOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    practice: 'orders',
    resources: { tables: { orders: 'read', users: 'read' }, attachments: 'readWrite' },
  },
});
