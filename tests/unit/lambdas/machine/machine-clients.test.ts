import { describe, expect, it } from 'vitest';
import type { MachineScope } from '../../../../core/rules/machine-scopes';
import type { MachineClient } from '../../../../core/schemas/machine';
import type { AdminChange } from '../../../../lambdas/ports/audit-log';
import type { MachineClients } from '../../../../lambdas/ports/machine-clients';
import {
  createMachineClient,
  deleteMachineClient,
  MACHINE_CLIENT_NOT_FOUND,
} from '../../../../lambdas/use-cases/users/machine-clients';

/** The pool's machine clients in memory; `web` stands for the pool's other clients, which the port never shows. */
class InMemoryMachineClients implements MachineClients {
  readonly rows = new Map<string, MachineClient>();
  async create(name: string, scopes: readonly MachineScope[]) {
    const client = { clientId: `c${this.rows.size + 1}`, name, scopes: [...scopes], createdAt: null };
    this.rows.set(client.clientId, client);
    return { ...client, clientSecret: 'secret' };
  }
  async list() {
    return [...this.rows.values()];
  }
  async get(clientId: string) {
    return this.rows.get(clientId) ?? null;
  }
  async remove(clientId: string) {
    this.rows.delete(clientId);
  }
}

function deps() {
  const changes: AdminChange[] = [];
  return {
    clients: new InMemoryMachineClients(),
    audit: { recordChange: async (change: AdminChange) => void changes.push(change) },
    changes,
  };
}

describe('machine clients registered by super admins', () => {
  it('a new client is answered with its secret once; the audit entry has its name and scopes, not the secret', async () => {
    const d = deps();
    const created = await createMachineClient({ name: 'Lathe', scopes: ['orders.read'] }, d);
    expect(created).toMatchObject({ clientId: 'c1', clientSecret: 'secret' });
    expect(d.changes).toEqual([
      {
        action: 'machine-client.create',
        target: { type: 'machine-client', id: 'c1' },
        after: { name: 'Lathe', scopes: ['orders.read'] },
      },
    ]);
    expect(JSON.stringify(d.changes)).not.toContain('secret');
  });

  it('deleting an id that is no machine client (the web client, a deleted one) is a 404 and changes nothing', async () => {
    const d = deps();
    await expect(deleteMachineClient('web', d)).rejects.toMatchObject({
      status: 'not-found',
      message: MACHINE_CLIENT_NOT_FOUND,
    });
    expect(d.changes).toEqual([]);
  });

  it('deleting a machine client removes it and records what it was', async () => {
    const d = deps();
    await createMachineClient({ name: 'Books', scopes: ['invoices.write'] }, d);
    expect(await deleteMachineClient('c1', d)).toEqual({ deleted: true });
    expect(d.clients.rows.size).toBe(0);
    expect(d.changes.at(-1)).toMatchObject({
      action: 'machine-client.delete',
      before: { name: 'Books', scopes: ['invoices.write'] },
    });
  });
});
