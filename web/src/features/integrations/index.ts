/** Machine clients: the super admin's page for the programs that call the machine API. */
export { MachineClientsPage } from './components/machine-clients-page';
