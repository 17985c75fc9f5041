import { useState } from 'react';
import type { MachineClient } from '../../../../../core/schemas/machine';
import { Card } from '../../../components/card';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CopyButton } from '../../../components/ui/copy-button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import type { RouteOutput } from '../../../lib/api-client';
import { useDeleteMachineClient, useMachineClients } from '../api/machine-clients';
import { CreateMachineClientDialog } from './create-machine-client-dialog';

type Created = RouteOutput<'createMachineClient'>;

/**
 * /admin/integrations (super admins): the programs that call the machine API (docs/integration.md). A new client's
 * secret is shown once, with a copy button; the portal cannot show it again.
 */
export function MachineClientsPage() {
  const clients = useMachineClients();
  const remove = useDeleteMachineClient();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [deleting, setDeleting] = useState<MachineClient | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const columns: readonly Column<MachineClient>[] = [
    { key: 'name', header: 'Name', primary: true, render: (c) => c.name },
    { key: 'clientId', header: 'Client id', render: (c) => <code>{c.clientId}</code> },
    { key: 'scopes', header: 'Scopes', render: (c) => c.scopes.join(', ') },
    {
      key: 'actions',
      header: 'Actions',
      actions: true,
      render: (c) => (
        <Button variant="danger" size="sm" onClick={() => setDeleting(c)} aria-label={`Delete ${c.name}`}>
          Delete
        </Button>
      ),
    },
  ];

  const content = clients.isPending ? (
    <Spinner label="Loading the machine clients" />
  ) : clients.isError ? (
    <LoadFailed title="The machine clients could not be loaded" onRetry={() => void clients.refetch()} />
  ) : clients.data.items.length === 0 ? (
    <Card>
      <p>No machine client is registered yet.</p>
    </Card>
  ) : (
    <DataTable
      caption="Machine clients"
      columns={columns}
      rows={clients.data.items}
      rowKey={(c) => c.clientId}
      busy={clients.isFetching}
    />
  );

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync(deleting.clientId);
      notify.success(`${deleting.name} was deleted. It gets no new tokens.`);
      setDeleting(null);
    } catch (error) {
      setDeleteError(failureMessage(error, 'The machine client could not be deleted.'));
    }
  }

  return (
    <>
      <PageHeader
        title="Machine Clients"
        description="The lab's production and accounting software: each program gets its own credentials and only the scopes it needs."
        actions={<Button onClick={() => setCreating(true)}>Register a client</Button>}
      />
      {content}
      {creating && (
        <CreateMachineClientDialog
          onClose={() => setCreating(false)}
          onCreated={(client) => {
            setCreating(false);
            setCreated(client);
          }}
        />
      )}
      {created && (
        <Dialog
          title={`${created.name} is registered`}
          onDismiss={() => setCreated(null)}
          actions={<Button onClick={() => setCreated(null)}>Done</Button>}
        >
          <Alert tone="warning" title="Copy the secret now">
            It is shown only this once. If it is lost, delete the client and register a new one.
          </Alert>
          <dl>
            <dt>Client id</dt>
            <dd>
              <code>{created.clientId}</code> <CopyButton text={created.clientId} label="Copy the client id" />
            </dd>
            <dt>Client secret</dt>
            <dd>
              <code>{created.clientSecret}</code> <CopyButton text={created.clientSecret} label="Copy the secret" />
            </dd>
            <dt>Scopes</dt>
            <dd>{created.scopes.join(', ')}</dd>
          </dl>
        </Dialog>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete"
          busy={remove.isPending}
          error={deleteError}
          onConfirm={() => void confirmDelete()}
          onCancel={() => {
            setDeleting(null);
            setDeleteError(null);
          }}
        >
          It gets no new tokens from now on; a token it already has works until it expires, within the hour.
        </ConfirmDialog>
      )}
    </>
  );
}
