export { OrderFormPage } from './components/order-form-page';
export { OrderDetailPage } from './components/order-detail-page';
export { AccountOrders, ReorderList } from './components/account-orders';
