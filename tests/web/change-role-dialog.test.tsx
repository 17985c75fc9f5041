import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangeRoleDialog } from '../../web/src/features/users/components/change-role-dialog';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { adminUser } from './support/admin-user';
import { answer, callsTo, renderAt } from './support/fake-api';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const DANA = adminUser({ email: 'dana@lab.test' });

function renderDialog(onClose = vi.fn()) {
  const user = renderAt('/admin/users', '*', <ChangeRoleDialog user={DANA} onClose={onClose} />);
  return { user, onClose, dialog: screen.getByRole('dialog', { name: 'Change role' }) };
}

// Braces: a function returned from beforeEach would be run as its cleanup.
beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});
afterEach(() => vi.restoreAllMocks());

describe('change role dialog', () => {
  it('Save role is off until the role changes, then sends the user id with the new role once', async () => {
    answer({ setRole: (input) => ({ ...DANA, ...input }) });
    const { user, onClose, dialog } = renderDialog();
    const save = within(dialog).getByRole('button', { name: 'Save role' });
    expect(save).toBeDisabled();

    await user.selectOptions(within(dialog).getByLabelText('Role'), 'admin');
    await user.click(within(dialog).getByLabelText('Super admin'));
    await user.dblClick(save);

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo('setRole')).toEqual([{ userId: 'u-1', role: 'admin', isSuperAdmin: true }]);
  });

  it("the server's refusal shows in the dialog and it stays open", async () => {
    answer({
      setRole: () => {
        throw new CallableError({
          route: 'setRole',
          httpStatus: 403,
          status: 'permission-denied',
          message: 'You cannot change your own role.',
        });
      },
    });
    const { user, onClose, dialog } = renderDialog();
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'admin');
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You cannot change your own role.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
