import { useState } from 'react';
import {
  createBuyingGroupInputSchema,
  isActiveBuyingGroup,
  updateBuyingGroupInputSchema,
  type BuyingGroup,
} from '../../../../../core/schemas/customers/buying-group';
import { Card } from '../../../components/card';
import { LoadFailed } from '../../../components/load-failed';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { FormDialog } from '../../../components/ui/form-dialog';
import { LoadingLine } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { isCallableError } from '../../../lib/callable-error';
import { SubmitButton } from '../../../forms/submit-button';
import { usePortalForm } from '../../../forms/use-portal-form';
import { failureMessage, serverFormErrors, type FormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useBuyingGroups } from '../api/list-buying-groups';
import { useManageBuyingGroups } from '../api/manage-buying-groups';
import styles from './buying-group-list.module.css';

/** A 409 means the list moved on (a rename elsewhere, a name taken meanwhile): the list is read again. */
const isConflict = (error: unknown) => isCallableError(error) && error.status === 'aborted';

/**
 * A refusal about the name shows beside it, alone; any other failure is thrown on, to be the form's
 * message (the shared hook's).
 */
function showNameRefusal(failure: unknown, showErrors: (errors: FormErrors) => void) {
  const fields = serverFormErrors(failure);
  if (!fields['name']) throw failure;
  showErrors(fields);
}

function AddBuyingGroup() {
  const { create } = useManageBuyingGroups();
  const form = usePortalForm({
    initial: { name: '' },
    schema: createBuyingGroupInputSchema,
    failureMessage: 'The buying group could not be added.',
    submit: async (checked) => {
      try {
        const added = await create.mutateAsync(checked);
        notify.success(`${added.name} added.`);
        form.reset({ name: '' });
      } catch (failure) {
        showNameRefusal(failure, form.showErrors);
      }
    },
  });

  return (
    <form id={form.formId} className={styles.add} onSubmit={form.submit} noValidate>
      <TextField
        label="New buying group"
        autoComplete="off"
        {...form.field('name')}
        onChange={(e) => {
          form.set('name', e.target.value);
          form.setFormError(null);
        }}
        // One field: the message about the form shows on it.
        error={form.errors['name'] ?? form.formError ?? undefined}
      />
      <SubmitButton busy={form.busy}>Add</SubmitButton>
    </form>
  );
}

function RenameDialog({ group, onClose }: { group: BuyingGroup; onClose: () => void }) {
  const { update, refresh } = useManageBuyingGroups();
  const form = usePortalForm({
    formId: `rename-${group.buyingGroupId}`,
    initial: { name: group.name },
    schema: updateBuyingGroupInputSchema,
    input: (values) => ({ buyingGroupId: group.buyingGroupId, version: group.version ?? 0, ...values }),
    failureMessage: 'The buying group could not be renamed.',
    submit: async (checked) => {
      try {
        const renamed = await update.mutateAsync(checked);
        notify.success(`Buying group renamed to ${renamed.name}.`);
        onClose();
      } catch (failure) {
        if (isConflict(failure)) void refresh();
        showNameRefusal(failure, form.showErrors);
      }
    },
  });

  return (
    <FormDialog
      title={`Rename ${group.name}`}
      form={form}
      submitLabel="Rename"
      onClose={onClose}
      intro="Practices and account requests in this group keep it under its new name."
    >
      <TextField label="Name" autoComplete="off" {...form.field('name')} data-autofocus />
    </FormDialog>
  );
}

/**
 * Customer Management's buying groups (spec 7 GET customer/buyinggroups; who keeps them:
 * docs/decisions/0034-buying-groups.md): every group with its status; super admins add, rename, deactivate and reactivate. A
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
        <LoadingLine className={styles.muted}>Loading buying groups…</LoadingLine>
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
