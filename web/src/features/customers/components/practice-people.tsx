import { useState } from 'react';
import { PRACTICE_ROLE_LABELS, PRACTICE_ROLES, type PracticeRole } from '../../../../../core/rules/practice-roles';
import type { PracticePerson } from '../../../../../core/schemas/customers/practice-people';
import { Card } from '../../../components/card';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { FormDialog } from '../../../components/ui/form-dialog';
import { LoadingLine } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { usePracticePeople, useRemovePracticePerson, useSetPracticeRoles } from '../api/practice-people';

const rolesText = (roles: readonly PracticeRole[]) => roles.map((role) => PRACTICE_ROLE_LABELS[role]).join(', ');

function RolesDialog({
  accountNumber,
  person,
  onClose,
}: {
  accountNumber: string;
  person: PracticePerson;
  onClose: () => void;
}) {
  const [roles, setRoles] = useState<PracticeRole[]>(person.roles);
  const [error, setError] = useState<string | null>(null);
  const save = useSetPracticeRoles();
  const toggle = (role: PracticeRole, on: boolean) =>
    setRoles((current) => (on ? [...current, role] : current.filter((r) => r !== role)));
  return (
    <FormDialog
      title={`Roles of ${person.name}`}
      submitLabel="Save roles"
      submitDisabled={roles.length === 0}
      onClose={onClose}
      intro="Doctors and staff see orders and patients; billing and the practice admin see invoices, Pay Online, statements and Lens Credit; the practice admin manages people."
      formId="practice-roles-form"
      busy={save.isPending}
      formError={error}
      onSubmit={async () => {
        try {
          await save.mutateAsync({ accountNumber, userId: person.userId, roles });
          notify('success', `${person.name}'s roles are saved.`);
          onClose();
        } catch (failure) {
          setError(failureMessage(failure, 'The roles could not be saved.'));
        }
      }}
    >
      {PRACTICE_ROLES.map((role) => (
        <CheckboxField
          key={role}
          label={PRACTICE_ROLE_LABELS[role]}
          checked={roles.includes(role)}
          onChange={(event) => toggle(role, event.currentTarget.checked)}
        />
      ))}
    </FormDialog>
  );
}

/**
 * The practice admin's People page: who is in the practice, their roles, and removing someone (which signs
 * them out at once). The lab's super admin reaches the same routes from Customer Management.
 */
export function PracticePeoplePage({ accountNumber, currentUserId }: { accountNumber: string; currentUserId: string }) {
  const people = usePracticePeople(accountNumber);
  const remove = useRemovePracticePerson();
  const [dialog, setDialog] = useState<{ kind: 'roles' | 'remove'; person: PracticePerson } | null>(null);
  const close = () => setDialog(null);
  const columns: Column<PracticePerson>[] = [
    { key: 'name', header: 'Name', primary: true, render: (person) => person.name },
    { key: 'email', header: 'Email', render: (person) => person.email },
    { key: 'roles', header: 'Roles', render: (person) => rolesText(person.roles) },
    {
      key: 'actions',
      header: 'Actions',
      actions: true,
      render: (person) => (
        <>
          <Button variant="secondary" onClick={() => setDialog({ kind: 'roles', person })}>
            Change roles <span className="visually-hidden">of {person.name}</span>
          </Button>
          {person.userId === currentUserId ? null : (
            <Button variant="secondary" onClick={() => setDialog({ kind: 'remove', person })}>
              Remove <span className="visually-hidden">{person.name}</span>
            </Button>
          )}
        </>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="People"
        description={`Who works in practice ${accountNumber} on the portal, and what each may do.`}
      />
      <Card title="People in this practice">
        {people.isPending ? (
          <LoadingLine>Loading people…</LoadingLine>
        ) : people.isError ? (
          <LoadFailed title="The people could not be loaded." onRetry={() => void people.refetch()} />
        ) : (
          <DataTable
            caption={`People of practice ${accountNumber}`}
            columns={columns}
            rows={people.data.people}
            rowKey={(person) => person.userId}
          />
        )}
      </Card>
      {dialog?.kind === 'roles' ? (
        <RolesDialog accountNumber={accountNumber} person={dialog.person} onClose={close} />
      ) : null}
      {dialog?.kind === 'remove' ? (
        <ConfirmDialog
          title="Remove from the practice?"
          confirmLabel="Remove"
          busy={remove.isPending}
          onCancel={close}
          onConfirm={() =>
            void remove
              .mutateAsync({ accountNumber, userId: dialog.person.userId })
              .then(
                () => notify('success', `${dialog.person.name} was removed and signed out.`),
                (failure: unknown) =>
                  notify('error', failureMessage(failure, `${dialog.person.name} could not be removed.`)),
              )
              .then(close)
          }
        >
          <strong>{dialog.person.name}</strong> loses access to this practice and is signed out at once.
        </ConfirmDialog>
      ) : null}
    </>
  );
}
