import type { AdminDirectory } from '../ports/admin-directory';
import type { CustomersRepository } from '../ports/customers-repository';
import type { Listener, NotificationAudiences } from '../ports/notification-audiences';
import type { UsersRepository } from '../ports/users-repository';
import { cognitoAdminDirectory } from './cognito-admin-directory';
import { dynamoCustomersRepository } from './dynamo-customers-repository';
import { dynamoUsersRepository } from './dynamo-users-repository';

export interface DirectoryNotificationAudiencesDeps {
  customers: Pick<CustomersRepository, 'linkedUserIds'>;
  users: Pick<UsersRepository, 'batchGet'>;
  directory: Pick<AdminDirectory, 'listGroupMembers'>;
  /** How long one process reuses the lab's staff list (a new admin hears of events within this). */
  staffTtlMs?: number;
  now?: () => number;
}

const STAFF_TTL_MS = 60_000;
const STAFF_PAGE = 60;

/**
 * Who hears of events, without a Scan: a practice's linked users (its record's user ids, then their users
 * records), and the lab's enabled staff from the user pool's `admin` group, listed at most once a minute per
 * process (a burst of notices needs the same list each; the pool's list calls are throttled).
 */
export function directoryNotificationAudiences(
  deps: Partial<DirectoryNotificationAudiencesDeps> = {},
): NotificationAudiences {
  let made: Omit<DirectoryNotificationAudiencesDeps, 'staffTtlMs' | 'now'> | undefined;
  const stores = () =>
    (made ??= {
      customers: deps.customers ?? dynamoCustomersRepository(),
      users: deps.users ?? dynamoUsersRepository(),
      directory: deps.directory ?? cognitoAdminDirectory(),
    });
  const now = deps.now ?? Date.now;
  const ttl = deps.staffTtlMs ?? STAFF_TTL_MS;
  let staff: { listeners: Listener[]; until: number } | undefined;

  return {
    async practiceUsers(accountNumber) {
      const ids = await stores().customers.linkedUserIds(accountNumber);
      if (ids.length === 0) return [];
      return (await stores().users.batchGet(ids)).map((user) => ({ userId: user.userId, email: user.email }));
    },
    async labStaff() {
      if (staff && staff.until > now()) return staff.listeners;
      const listeners: Listener[] = [];
      let token: string | undefined;
      do {
        const page = await stores().directory.listGroupMembers('admin', { limit: STAFF_PAGE, token });
        for (const user of page.users) if (user.enabled) listeners.push({ userId: user.userId, email: user.email });
        token = page.nextToken ?? undefined;
      } while (token);
      staff = { listeners, until: now() + ttl };
      return listeners;
    },
  };
}
