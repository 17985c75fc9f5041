import { describe, expect, it } from 'vitest';
import { userListInputSchema } from '../../../../core/schemas/users/user-admin';
import { getUserByUid } from '../../../../lambdas/use-cases/users/get-user-by-uid';
import { listUsers } from '../../../../lambdas/use-cases/users/list-users';
import { usersAdminWorld } from './fixtures';

/** The super admin's user lists show who the portal no longer mails (issue item "Email you can trust"). */

describe('suppressed addresses in the user lists', () => {
  async function world() {
    const w = usersAdminWorld();
    const bounced = w.add('Dana@Practice.test', ['customer']);
    const fine = w.add('eli@practice.test', ['customer']);
    await w.suppressions.record({
      address: 'dana@practice.test',
      reason: 'bounce',
      at: '2026-03-01T10:00:05.000Z',
      messageId: 'm-1',
    });
    return { ...w, bounced, fine };
  }

  it('a row whose address bounced or complained says so, with when; other rows carry nothing', async () => {
    const { deps, bounced, fine } = await world();
    const page = await listUsers('customer', userListInputSchema.parse({}), deps);
    const row = (id: string) => page.items.find((u) => u.userId === id)!;
    expect(row(bounced).emailSuppressed).toEqual({ reason: 'bounce', at: '2026-03-01T10:00:05.000Z' });
    expect(row(fine)).not.toHaveProperty('emailSuppressed');
  });

  it("the user's detail says so too", async () => {
    const { deps, bounced, fine } = await world();
    expect((await getUserByUid(bounced, deps)).emailSuppressed).toEqual({
      reason: 'bounce',
      at: '2026-03-01T10:00:05.000Z',
    });
    expect(await getUserByUid(fine, deps)).not.toHaveProperty('emailSuppressed');
  });
});
