/** What other domains use of orders: the summary view, the one not-found answer and the status change invoicing drives. */
export { toSummary, ORDER_NOT_FOUND } from './order-view';
export { changeOrderStatus, type IssuedInvoice, type StatusChangeDeps } from './change-order-status';
export type { ShipmentParcelInput } from './order-shipment';
/** Carrier events move parcels (the webhook that receives them is its own entry point). */
export { applyCarrierEvent, applyParcelEvent, type ParcelEventOutcome } from './apply-parcel-event';
/** The outbox's consumer registers each shipped parcel with the tracking service (topic 'parcel-tracking'). */
export { registerParcel, type ParcelTrackingNotice, type RegisterParcelDeps } from './register-parcel';
