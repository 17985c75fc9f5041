import {
  MACHINE_SCOPE_DESCRIPTIONS,
  MACHINE_SCOPES,
  type MachineScope,
} from '../../../../../core/rules/machine-scopes';
import { createMachineClientInputSchema } from '../../../../../core/schemas/machine';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { usePortalForm } from '../../../forms/use-portal-form';
import type { RouteOutput } from '../../../lib/api-client';
import { useCreateMachineClient } from '../api/machine-clients';

type Created = RouteOutput<'createMachineClient'>;

/** The form's values: a checkbox per scope, under a key without the scope's dot (form paths are dotted). */
const scopeKey = (scope: MachineScope) => `scope_${scope.replace(/\W/g, '_')}`;

/** A name the lab recognises and the scopes the program needs; checked with the route's schema. */
export function CreateMachineClientDialog({
  onCreated,
  onClose,
}: {
  onCreated: (created: Created) => void;
  onClose: () => void;
}) {
  const create = useCreateMachineClient();
  const initial: Record<string, string | boolean> = { name: '' };
  for (const scope of MACHINE_SCOPES) initial[scopeKey(scope)] = false;
  const form = usePortalForm({
    initial,
    schema: createMachineClientInputSchema,
    input: (values) => ({
      name: String(values['name'] ?? ''),
      scopes: MACHINE_SCOPES.filter((scope) => values[scopeKey(scope)] === true),
    }),
    failureMessage: 'The machine client could not be registered.',
    submit: async (checked) => onCreated(await create.mutateAsync(checked)),
  });
  const scopesError = form.errors['scopes'];

  return (
    <FormDialog title="Register a machine client" form={form} submitLabel="Register" onClose={onClose}>
      <TextField label="Name" autoComplete="off" required {...form.field('name')} />
      <fieldset aria-describedby={scopesError ? 'machine-scopes-error' : undefined}>
        <legend>Scopes</legend>
        {MACHINE_SCOPES.map((scope) => (
          <CheckboxField
            key={scope}
            label={scope}
            hint={MACHINE_SCOPE_DESCRIPTIONS[scope]}
            {...form.checkbox(scopeKey(scope))}
          />
        ))}
        {scopesError && (
          <p id="machine-scopes-error" role="alert">
            {scopesError}
          </p>
        )}
      </fieldset>
    </FormDialog>
  );
}
