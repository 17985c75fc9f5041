import { useState, type FormEvent } from 'react';
import {
  createBuyingGroupInputSchema,
  isActiveBuyingGroup,
  updateBuyingGroupInputSchema,
  type BuyingGroup,
} from '../../../../../core/schemas/buying-group';
import { Card } from '../../../components/card';
import { LoadFailed } from '../../../components/load-failed';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { isCallableError } from '../../../lib/callable-error';
import { checkForm, failureMessage, serverFormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useBuyingGroups } from '../api/list-buying-groups';
import { useManageBuyingGroups } from '../api/manage-buying-groups';
import styles from './buying-group-list.module.css';

/** A 409 means the list moved on (a rename elsewhere, a name taken meanwhile): the list is read again. */
const isConflict = (error: unknown) => isCallableError(error) && error.status === 'aborted';

function AddBuyingGroup() {
  const { create } = useManageBuyingGroups();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkForm(createBuyingGroupInputSchema, { name });
    if (!checked.ok) return setError(checked.errors['name'] ?? 'Check the name');
    setError(null);
    try {
      const added = await create.mutateAsync(checked.data);
      notify.success(`${added.name} added.`);
      setName('');
    } catch (failure) {
      setError(serverFormErrors(failure)['name'] ?? failureMessage(failure, 'The buying group could not be added.'));
    }
  }

  return (
    <form className={styles.add} onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        label="New buying group"
        autoComplete="off"
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }}
        error={error ?? undefined}
      />
      <Button type="submit" loading={create.isPending}>
        Add
      </Button>
    </form>
  );
}

function RenameDialog({ group, onClose }: { group: BuyingGroup; onClose: () => void }) {
  const { update, refresh } = useManageBuyingGroups();
  const [name, setName] = useState(group.name);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const formId = `rename-${group.buyingGroupId}`;

  async function submit() {
    const checked = checkForm(updateBuyingGroupInputSchema, {
      buyingGroupId: group.buyingGroupId,
      version: group.version ?? 0,
      name,
    });
    if (!checked.ok) return setFieldError(checked.errors['name'] ?? 'Check the name');
    try {
      const renamed = await update.mutateAsync(checked.data);
      notify.success(`Buying group renamed to ${renamed.name}.`);
      onClose();
    } catch (failure) {
      const fields = serverFormErrors(failure);
      if (fields['name']) return setFieldError(fields['name']);
      setFormError(failureMessage(failure, 'The buying group could not be renamed.'));
      if (isConflict(failure)) void refresh();
    }
  }

  return (
    <FormDialog
      title={`Rename ${group.name}`}
      formId={formId}
      busy={update.isPending}
      submitLabel="Rename"
      onSubmit={submit}
      onClose={onClose}
      intro="Practices and account requests in this group keep it under its new name."
      formError={formError}
    >
      <TextField
        label="Name"
        autoComplete="off"
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setFieldError(null);
        }}
        error={fieldError ?? undefined}
        data-autofocus
      />
    </FormDialog>
  );
}

/**
 * Customer Management's buying groups (spec 7 GET customer/buyinggroups; who keeps them: docs/decisions.md
 * "Buying groups"): every group with its status; super admins add, rename, deactivate and reactivate. A
 * deactivated group is no longer offered on the account request or a practice, and practices in it keep it.
 */
export function BuyingGroupList() {
  const groups = useBuyingGroups();
  const { update, refresh } = useManageBuyingGroups();
  const [renaming, setRenaming] = useState<BuyingGroup | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function setActive(group: BuyingGroup, active: boolean) {
    setError(null);
    try {
      await update.mutateAsync({ buyingGroupId: group.buyingGroupId, version: group.version ?? 0, active });
      notify.success(`${group.name} ${active ? 'is offered again' : 'is no longer offered'}.`);
    } catch (failure) {
      setError(failureMessage(failure, `${group.name} could not be changed.`));
      if (isConflict(failure)) void refresh();
    }
  }

  const columns: Column<BuyingGroup>[] = [
    { key: 'name', header: 'Name', primary: true, render: (group) => group.name },
    {
      key: 'status',
      header: 'Status',
      render: (group) => (isActiveBuyingGroup(group) ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>),
    },
    {
      key: 'actions',
      header: 'Actions',
      actions: true,
      render: (group) => {
        const active = isActiveBuyingGroup(group);
        return (
          <span className={styles.actions}>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Rename ${group.name}`}
              onClick={() => setRenaming(group)}
            >
              Rename
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`${active ? 'Deactivate' : 'Reactivate'} ${group.name}`}
              loading={update.isPending && update.variables?.buyingGroupId === group.buyingGroupId}
              onClick={() => void setActive(group, !active)}
            >
              {active ? 'Deactivate' : 'Reactivate'}
            </Button>
          </span>
        );
      },
    },
  ];

  return (
    <Card title="Buying groups">
      <p className={styles.muted}>
        The groups practices choose on the account request and that a practice belongs to. A deactivated group is no
        longer offered; practices already in it keep it.
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {groups.isPending ? (
        <p className={styles.muted}>
          <Spinner size={16} /> Loading buying groups…
        </p>
      ) : groups.isError ? (
        <LoadFailed title="The buying groups could not be loaded." onRetry={() => void groups.refetch()} />
      ) : (
        <DataTable
          caption="Buying groups"
          columns={columns}
          rows={groups.data.items}
          rowKey={(group) => group.buyingGroupId}
          busy={groups.isFetching}
        />
      )}
      <AddBuyingGroup />
      {renaming ? <RenameDialog group={renaming} onClose={() => setRenaming(null)} /> : null}
    </Card>
  );
}
