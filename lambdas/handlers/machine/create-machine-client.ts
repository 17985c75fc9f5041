import { machineRoutes } from '../../../core/routes/machine';
import { cognitoMachineClients } from '../../adapters/cognito-machine-clients';
import { createHandler } from '../../http/create-handler';
import { createMachineClient } from '../../use-cases/users/machine-clients';

const clients = cognitoMachineClients();

export const handler = createHandler(machineRoutes.createMachineClient, (input, ctx) =>
  createMachineClient(input, { clients, audit: ctx.audit }),
);
