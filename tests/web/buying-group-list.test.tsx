import { act, screen, within, waitFor } from '@testing-library/react';
import { toast, ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuyingGroup } from '../../core/schemas/customers/buying-group';
import { BuyingGroupList } from '../../web/src/features/customers/components/buying-group-list';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { TOAST_CONTAINER_PROPS } from '../../web/src/lib/notify';
import { answer, callsTo, renderAt } from './support/fake-api';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

/** Customer Management's buying groups: super admins list, add, rename, deactivate and reactivate them. */
let groups: BuyingGroup[];

function serveGroups(overrides: Record<string, (input: Record<string, unknown>) => unknown> = {}) {
  answer({
    listBuyingGroups: () => ({ items: groups.map((g) => ({ ...g })) }),
    createBuyingGroup: (input) => {
      const created = { buyingGroupId: 'bg-new00001', name: String(input['name']), active: true, version: 0 };
      groups = [...groups, created];
      return created;
    },
    updateBuyingGroup: (input) => {
      const { buyingGroupId, version: _v, ...changes } = input;
      groups = groups.map((g) =>
        g.buyingGroupId === buyingGroupId ? { ...g, ...changes, version: (g.version ?? 0) + 1 } : g,
      );
      return groups.find((g) => g.buyingGroupId === buyingGroupId);
    },
    ...overrides,
  });
}

function renderList() {
  return renderAt(
    '/admin/customer-management',
    '*',
    <>
      <BuyingGroupList />
      <ToastContainer {...TOAST_CONTAINER_PROPS} />
    </>,
  );
}

const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr') as HTMLElement;

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  groups = [
    { buyingGroupId: 'vision-source', name: 'Vision Source' },
    { buyingGroupId: 'pecaa', name: 'PECAA', active: false, version: 3 },
  ];
});

afterEach(() => {
  act(() => toast.dismiss());
  vi.restoreAllMocks();
});

describe('buying groups in Customer Management (super admins)', () => {
  it('lists every group with its status, deactivated ones included', async () => {
    serveGroups();
    renderList();
    expect(await rowOf('Vision Source')).toHaveTextContent('Active');
    expect(await rowOf('PECAA')).toHaveTextContent('Inactive');
    expect(screen.getByRole('button', { name: 'Reactivate PECAA' })).toBeInTheDocument();
  });

  it('adds a group by name and lists it', async () => {
    serveGroups();
    const user = renderList();
    await rowOf('Vision Source');
    await user.type(screen.getByLabelText('New buying group'), 'IDOC');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(callsTo('createBuyingGroup')).toEqual([{ name: 'IDOC' }]);
    expect(await rowOf('IDOC')).toHaveTextContent('Active');
    expect(screen.getByLabelText('New buying group')).toHaveValue('');
  });

  it('an empty name is refused beside the field and nothing is sent', async () => {
    serveGroups();
    const user = renderList();
    await rowOf('Vision Source');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New buying group')).toHaveAccessibleDescription('Name is required'),
    );
    expect(callsTo('createBuyingGroup')).toHaveLength(0);
  });

  it('a name another group has shows the server’s message beside the field', async () => {
    serveGroups({
      createBuyingGroup: () => {
        throw new CallableError({
          route: 'createBuyingGroup',
          httpStatus: 409,
          status: 'aborted',
          message: 'A buying group named "Vision Source" already exists.',
        });
      },
    });
    const user = renderList();
    await rowOf('Vision Source');
    await user.type(screen.getByLabelText('New buying group'), 'vision source');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New buying group')).toHaveAccessibleDescription(
        'A buying group named "Vision Source" already exists.',
      ),
    );
  });

  it('renames a group on the version it read', async () => {
    serveGroups();
    const user = renderList();
    await user.click(await screen.findByRole('button', { name: 'Rename PECAA' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename PECAA' });
    const field = within(dialog).getByLabelText('Name');
    await user.clear(field);
    await user.type(field, 'PECAA Inc.');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(callsTo('updateBuyingGroup')).toEqual([{ buyingGroupId: 'pecaa', version: 3, name: 'PECAA Inc.' }]);
    expect(await rowOf('PECAA Inc.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('deactivates an active group and reactivates an inactive one', async () => {
    serveGroups();
    const user = renderList();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Vision Source' }));
    expect(callsTo('updateBuyingGroup')[0]).toEqual({ buyingGroupId: 'vision-source', version: 0, active: false });
    expect(await screen.findByRole('button', { name: 'Reactivate Vision Source' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reactivate PECAA' }));
    expect(callsTo('updateBuyingGroup')[1]).toEqual({ buyingGroupId: 'pecaa', version: 3, active: true });
  });

  it('a group changed elsewhere meanwhile: the message shows and the list is read again', async () => {
    serveGroups({
      updateBuyingGroup: () => {
        throw new CallableError({
          route: 'updateBuyingGroup',
          httpStatus: 409,
          status: 'aborted',
          message: 'This buying group changed since you opened it. Reload to see the latest.',
        });
      },
    });
    const user = renderList();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Vision Source' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This buying group changed since you opened it.');
    expect(callsTo('listBuyingGroups').length).toBeGreaterThan(1);
  });
});
