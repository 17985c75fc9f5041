/** Where the practice's consult pages live, and where they lead (the paths of app/route-table.ts). */
export const CONSULTS_PATH = '/customer/consults';
export const NEW_CONSULT_PATH = '/customer/consults/new';
export const consultPath = (consultId: string) => `/customer/consults/${encodeURIComponent(consultId)}`;
/** "Order this": the order form reads the consult and opens prefilled with the lab's proposal. */
export const orderThisPath = (consultId: string) => `/customer/order?consult=${encodeURIComponent(consultId)}`;
export const orderPath = (orderId: string) => `/customer/orders/${encodeURIComponent(orderId)}`;
export const TROUBLESHOOTER_PATH = '/ampleye-virtual-consultant/troubleshooter';
