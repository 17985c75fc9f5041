import type { ConsultStatus } from '../../../../../core/schemas/consults';

/** The query keys of consults: the practice's views, the lab's queue and the public consultant's setup. */

export const customerConsultKeys = {
  all: ['consults', 'customer'] as const,
  lists: (accountNumber: string) => [...customerConsultKeys.all, 'list', accountNumber] as const,
  list: (accountNumber: string, cursor: string | null) =>
    [...customerConsultKeys.lists(accountNumber), cursor] as const,
  detail: (consultId: string) => [...customerConsultKeys.all, 'detail', consultId] as const,
  shippedOrders: (accountNumber: string, search: string) =>
    [...customerConsultKeys.all, 'shipped-orders', accountNumber, search] as const,
  order: (orderId: string) => [...customerConsultKeys.all, 'order', orderId] as const,
};

/**
 * The lab's query keys: the queue's pages and each consult. An answer or a link replaces the cached consult
 * and invalidates every queue page, so the consult moves tab at once.
 */
export const labConsultKeys = {
  all: ['consults', 'lab'] as const,
  lists: () => [...labConsultKeys.all, 'list'] as const,
  list: (status: ConsultStatus, cursor: string | null) => [...labConsultKeys.lists(), status, cursor] as const,
  detail: (consultId: string) => [...labConsultKeys.all, 'detail', consultId] as const,
};

/** The query keys of the consultant's public data. */
export const consultantKeys = {
  all: ['consultant'] as const,
  setup: () => [...consultantKeys.all, 'setup'] as const,
};
