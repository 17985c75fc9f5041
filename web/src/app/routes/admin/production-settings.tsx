import { ProductionSettingsPage } from '../../../features/orders';

/** /admin/production-settings (super admins): the lab's production stages and shipping calendar. */
export default function ProductionSettingsRoute() {
  return <ProductionSettingsPage />;
}
