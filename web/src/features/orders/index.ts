/** Orders: the order form and detail, a practice's orders, the lab's approval queue and review. */
export { OrderFormPage } from './components/order-form-page';
export { OrderDetailPage } from './components/order-detail-page';
export { AccountOrders, ReorderList } from './components/account-orders';
export { OrderQueue } from './lab/order-queue';
export { OrderReview } from './lab/order-review';
export { OrderStatusBadge } from './shared/order-status-badge';
// The order form's lens fields and their parsing: the consult screens edit a lens with the very same ones.
export { DesignSelect } from './components/design-select';
export { ParameterField } from './components/parameter-field';
export { lineParameterErrors, parameterText, parameterValuesOf, parseParameter } from './model/order-form-values';
export { ProductionSettingsPage } from './lab/production-settings-page';
