import { MachineClientsPage } from '../../../features/integrations';

/** /admin/integrations (super admins): the programs that call the machine API. */
export default function MachineClientsRoute() {
  return <MachineClientsPage />;
}
