export { OrderForm, type OrderFormProps } from './order-form';
export type { OrderFormAccount } from './use-order-form';
