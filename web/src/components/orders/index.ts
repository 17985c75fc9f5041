export { OrderStatusBadge, ORDER_STATUS_TONES } from './order-status-badge';
export { OrderLinesTable, displayParameterValue } from './order-lines-table';
export { OrderTimeline } from './order-timeline';
