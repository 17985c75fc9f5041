import { machineRoutes } from '../../../core/routes/machine';
import { cognitoMachineClients } from '../../adapters/cognito-machine-clients';
import { createHandler } from '../../http/create-handler';
import { listMachineClients } from '../../use-cases/users/machine-clients';

const clients = cognitoMachineClients();

export const handler = createHandler(machineRoutes.listMachineClients, () => listMachineClients({ clients }));
