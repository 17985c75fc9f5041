import type { Group } from '../../../../core/constants';
import { identity } from '../../../support/identities';
import {
  InMemoryActivity,
  InMemoryAdminDirectory,
  InMemoryEmailSuppressions,
  InMemoryLocks,
  InMemoryRevocations,
  InMemoryUsers,
  memoryLogger,
} from '../../../support/in-memory-ports';

export const NOW = Date.parse('2025-03-03T10:00:00.000Z');

/** A pool with the calling super admin, fakes of every port, and the deps the user use cases take. */
export function usersAdminWorld() {
  const directory = new InMemoryAdminDirectory();
  const users = new InMemoryUsers();
  const activity = new InMemoryActivity();
  const revocations = new InMemoryRevocations();
  const locks = new InMemoryLocks();
  const suppressions = new InMemoryEmailSuppressions();
  const { log, lines } = memoryLogger();
  const callerId = directory.seed({ userId: 'caller', email: 'lead@lab.test' }, ['admin', 'superadmin']);
  const caller = identity(['admin', 'superadmin'], { userId: callerId, email: 'lead@lab.test' });
  const deps = { directory, users, activity, suppressions, revocations, locks, now: () => new Date(NOW), log };
  const add = (email: string, groups: Group[], extra: { enabled?: boolean } = {}) => {
    const userId = directory.seed({ email, ...extra }, groups);
    users.rows.set(userId, {
      userId,
      email,
      firstName: 'F',
      lastName: 'L',
      accountNumbers: [],
      termsAccepted: true,
      version: 0,
    });
    return userId;
  };
  return { directory, users, activity, suppressions, revocations, locks, lines, caller, deps, add };
}
