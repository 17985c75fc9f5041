import { notFound } from '../../../core/errors';
import type { CreateMachineClientInput, MachineClient } from '../../../core/schemas/machine';
import type { AuditTrail } from '../../ports/audit-log';
import type { MachineClients } from '../../ports/machine-clients';

/**
 * Super admins register the programs that call the machine API (docs/decisions/0104-machine-api.md): each is a
 * machine client of the pool with the scopes it needs. Only machine clients are listed or deleted here: the web
 * client answers "not found" like an id that does not exist.
 */
export interface MachineClientDeps {
  clients: MachineClients;
  audit: AuditTrail;
}

export const MACHINE_CLIENT_NOT_FOUND = 'Machine client not found';

export async function createMachineClient(input: CreateMachineClientInput, deps: MachineClientDeps) {
  const created = await deps.clients.create(input.name, input.scopes);
  await deps.audit.recordChange({
    action: 'machine-client.create',
    target: { type: 'machine-client', id: created.clientId },
    after: { name: created.name, scopes: created.scopes },
  });
  return created;
}

export async function listMachineClients(
  deps: Pick<MachineClientDeps, 'clients'>,
): Promise<{ items: MachineClient[] }> {
  return { items: await deps.clients.list() };
}

export async function deleteMachineClient(clientId: string, deps: MachineClientDeps): Promise<{ deleted: true }> {
  const client = await deps.clients.get(clientId);
  if (!client) throw notFound(MACHINE_CLIENT_NOT_FOUND);
  await deps.clients.remove(clientId);
  await deps.audit.recordChange({
    action: 'machine-client.delete',
    target: { type: 'machine-client', id: clientId },
    before: { name: client.name, scopes: client.scopes },
  });
  return { deleted: true };
}
