/**
 * Where each kind of object lives in the attachments bucket. The server builds its keys from these, and infra
 * grants each route only the prefixes of the kinds its route declares (core/route-definition.ts), so both
 * sides read them from here.
 */

/**
 * Uploads land below this prefix first and reach their folder only when the server has read their first
 * bytes and checked them (the confirm routes). One bucket lifecycle rule on this prefix removes whatever
 * nobody confirmed after a day, so every folder's uploads live below it.
 */
export const INCOMING_FILES_PREFIX = 'incoming/';

/**
 * Where one kind of attached files lives in the attachments bucket. Each kind has its own prefixes, neither
 * below the other's, and infra grants a route only the prefixes of the kind it names, so an order's routes
 * never reach a consult's files, uploads included, and the other way round.
 */
export interface FileFolder {
  /** The attached files: `{prefix}{ownerId}/{safe name}`. */
  readonly prefix: string;
  /** The unconfirmed uploads: `{incomingPrefix}{ownerId}/{safe name}`; always below INCOMING_FILES_PREFIX. */
  readonly incomingPrefix: string;
}

/** Order attachments (spec 3): `orders/{orderId}/`, uploads in `incoming/orders/{orderId}/`. */
export const ORDER_FILES: FileFolder = { prefix: 'orders/', incomingPrefix: `${INCOMING_FILES_PREFIX}orders/` };

/** A consult's photos, OCT and topography: `consults/{consultId}/`, uploads in `incoming/consults/{consultId}/`. */
export const CONSULT_FILES: FileFolder = { prefix: 'consults/', incomingPrefix: `${INCOMING_FILES_PREFIX}consults/` };

/**
 * Generated PDFs (invoices, receipts) live under this prefix; the route grants reach nothing else of the
 * bucket for a `documents` route.
 */
export const DOCUMENTS_PREFIX = 'documents/';
