import type { MachineScope } from '../../core/rules/machine-scopes';
import type { MachineClient } from '../../core/schemas/machine';

/**
 * The pool's machine clients (docs/decisions/0104-machine-api.md): app clients with a secret, only the
 * client-credentials flow and the lenslab scopes. The pool's other clients (the web client) are never listed,
 * described or deleted through this port.
 */
export interface MachineClients {
  /** Makes one; the answer is the only place its secret appears. */
  create(name: string, scopes: readonly MachineScope[]): Promise<MachineClient & { clientSecret: string }>;
  list(): Promise<MachineClient[]>;
  /** The machine client of this id, or null (none, or not a machine client). */
  get(clientId: string): Promise<MachineClient | null>;
  remove(clientId: string): Promise<void>;
}
