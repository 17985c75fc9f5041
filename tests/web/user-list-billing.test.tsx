import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '../../core/schemas/user-admin';
import { UserList, type UserAction } from '../../web/src/features/users/components/user-list';
import { callRoute } from '../../web/src/lib/api-client';
import { adminUser } from './support/admin-user';
import { answer, renderAt } from './support/fake-api';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

/** User Management: the super admin gives named lab admins the billing permission (docs/decisions/0091-billing-is-a-permission-of-named-staff.md). */

const staff = (overrides: Partial<AdminUser>) =>
  adminUser({ role: 'admin', groups: ['admin'], email: 'desk@lab.test', ...overrides });

function renderList(items: AdminUser[], onAction: (action: UserAction, user: AdminUser) => void) {
  answer({ getAdminUsers: () => ({ items, nextCursor: null }) });
  renderAt('/admin/users', '*', <UserList kind="admins" currentUserId={null} busyUserId={null} onAction={onAction} />);
}

const rowOf = async (email: string) => (await screen.findByText(email)).closest('tr') as HTMLElement;

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});
afterEach(() => vi.restoreAllMocks());

describe('user list: the billing permission', () => {
  it('an admin with it is marked "Billing" and can have it removed; one without can be given it', async () => {
    const onAction = vi.fn();
    renderList(
      [
        staff({ userId: 'u-1', email: 'desk@lab.test', groups: ['admin', 'billing'] }),
        staff({ userId: 'u-2', email: 'floor@lab.test' }),
      ],
      onAction,
    );
    const desk = await rowOf('desk@lab.test');
    expect(desk).toHaveTextContent('Billing');
    await userEvent.click(within(desk).getByRole('button', { name: /actions/i }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove billing permission' }));
    expect(onAction).toHaveBeenLastCalledWith('remove-billing', expect.objectContaining({ userId: 'u-1' }));

    const floor = await rowOf('floor@lab.test');
    expect(floor).not.toHaveTextContent('Billing');
    await userEvent.click(within(floor).getByRole('button', { name: /actions/i }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Give billing permission' }));
    expect(onAction).toHaveBeenLastCalledWith('grant-billing', expect.objectContaining({ userId: 'u-2' }));
  });

  it('super admins hold it already and customers never: neither is offered it', async () => {
    renderList(
      [staff({ userId: 'u-3', email: 'boss@lab.test', isSuperAdmin: true, groups: ['admin', 'superadmin'] })],
      vi.fn(),
    );
    const boss = await rowOf('boss@lab.test');
    await userEvent.click(within(boss).getByRole('button', { name: /actions/i }));
    expect(screen.queryByRole('menuitem', { name: /billing permission/ })).toBeNull();
  });
});
