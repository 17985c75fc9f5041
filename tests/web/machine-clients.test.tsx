import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MachineClient } from '../../core/schemas/machine';
import { MachineClientsPage } from '../../web/src/features/integrations';
import { callRoute } from '../../web/src/lib/api-client';
import { answer, callsTo, renderAt, type Handler } from './support/fake-api';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const lathe: MachineClient = {
  clientId: 'lathe1client',
  name: 'Lathe control',
  scopes: ['orders.read', 'orders.write-status'],
  createdAt: '2026-12-01T10:00:00.000Z',
};

function renderPage(routes: Record<string, Handler>) {
  answer(routes);
  return renderAt('/admin/integrations', '/admin/integrations', <MachineClientsPage />);
}

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});

describe('Machine Clients (super admins)', () => {
  it('lists the registered clients with their scopes, never a secret', async () => {
    renderPage({ listMachineClients: () => ({ items: [lathe] }) });
    const table = await screen.findByRole('table', { name: 'Machine clients' });
    expect(within(table).getByText('Lathe control')).toBeTruthy();
    expect(within(table).getByText('orders.read, orders.write-status')).toBeTruthy();
  });

  it('registers a client with the chosen scopes and shows its secret once, with a copy button', async () => {
    const user = renderPage({
      listMachineClients: () => ({ items: [] }),
      createMachineClient: (input) => ({
        clientId: 'new1client',
        clientSecret: 'shown-once-secret',
        name: input['name'],
        scopes: input['scopes'],
        createdAt: null,
      }),
    });
    await screen.findByText('No machine client is registered yet.');
    await user.click(screen.getByRole('button', { name: 'Register a client' }));
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Accounting');
    await user.click(screen.getByRole('checkbox', { name: /invoices\.write/ }));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const shown = await screen.findByRole('dialog', { name: 'Accounting is registered' });
    expect(callsTo('createMachineClient')).toEqual([{ name: 'Accounting', scopes: ['invoices.write'] }]);
    expect(within(shown).getByText('shown-once-secret')).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copy the secret' })).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('shown-once-secret')).toBeNull();
  });

  it('refuses to register without a scope, before calling the server', async () => {
    const user = renderPage({ listMachineClients: () => ({ items: [] }) });
    await user.click(await screen.findByRole('button', { name: 'Register a client' }));
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Accounting');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Choose at least one scope')).toBeTruthy();
    expect(callsTo('createMachineClient')).toEqual([]);
  });

  it('deletes a client after asking', async () => {
    const user = renderPage({
      listMachineClients: () => ({ items: [lathe] }),
      deleteMachineClient: () => ({ deleted: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Lathe control' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Lathe control?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo('deleteMachineClient')).toEqual([{ clientId: 'lathe1client' }]));
  });
});
