import { CHANGED_MESSAGES, FORM_MESSAGES } from '../../../../../core/messages';
import { useEffect, useId, useState } from 'react';
import {
  troubleshooterSettingsFieldsSchema,
  type TroubleshooterSettings,
  type TroubleshooterSettingsFields,
} from '../../../../../core/schemas/consult';
import type { LensDesign } from '../../../../../core/schemas/lens';
import { ReloadLatestAlert } from '../../../components/reload-latest-alert';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TextField } from '../../../components/ui/text-field';
import layout from '../../../components/form-layout.module.css';
import { FormError } from '../../../forms/form-error';
import { SubmitButton } from '../../../forms/submit-button';
import { useSubmission } from '../../../forms/use-submission';
import { useReloadLatest } from '../../../hooks/use-reload-latest';
import { isCallableError } from '../../../lib/callable-error';
import { dateTime } from '../../../lib/format-time';
import {
  failureMessage,
  foldListErrors,
  formErrorsOf,
  serverFormErrors,
  type FormErrors,
} from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import {
  SETTING_GROUPS,
  parseSettingsValues,
  settingInfo,
  settingsValuesOf,
  withDefaultNumbers,
  type NumericSettingKey,
  type SettingsValues,
} from './settings-fields';
import styles from './lab-consults.module.css';

const unitText = (unit: string) => (unit === 'min' ? 'minutes' : unit);

function SettingField({
  settingKey,
  value,
  error,
  onChange,
}: {
  settingKey: NumericSettingKey;
  value: string;
  error: string | undefined;
  onChange: (text: string) => void;
}) {
  const info = settingInfo(settingKey);
  return (
    <TextField
      label={`${info.label} (${unitText(info.unit)})`}
      name={settingKey}
      type="number"
      inputMode="decimal"
      step={settingKey === 'diameterStepMm' ? 0.1 : 1}
      value={value}
      error={error}
      hint={
        <>
          {info.labDefault ? <Badge tone="warning">Lab default</Badge> : <Badge>Published value</Badge>} {info.meaning}{' '}
          Default: {info.defaultValue} {info.unit}.
        </>
      }
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** The server's keys ('settings.sagStepUm', 'settings.designIds.0') as the form's. */
function formErrorsOfServer(error: unknown): FormErrors {
  const errors: FormErrors = {};
  for (const [path, message] of Object.entries(serverFormErrors(error)))
    errors[path.replace(/^settings\./, '')] ??= message;
  return foldListErrors(errors, ['designIds']);
}

/**
 * Consultant Settings: every threshold the troubleshooter uses, with its unit, what it does, and whether its
 * default is a published value or the lab's own choice, and the catalogue designs the consultant covers.
 * Checked with the settings schema before saving (messages at the fields); saved with the version read, so
 * a save that lost a race says so and "Reload latest" brings the winner (the page re-keys the form on it).
 */
export function ConsultantSettingsForm({
  settings,
  scleralDesigns,
  onSave,
  onReload,
  onDirtyChange,
}: {
  settings: TroubleshooterSettings;
  /** The catalogue's scleral designs, inactive ones too: the designs the consultant may cover. */
  scleralDesigns: readonly LensDesign[];
  onSave: (input: { version: number; settings: TroubleshooterSettingsFields }) => Promise<unknown>;
  onReload: () => Promise<unknown>;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const formId = useId();
  const initial = settingsValuesOf(settings);
  const [values, setValues] = useState<SettingsValues>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [conflict, setConflict] = useState(false);
  // The values' paths are not the schema's (typed number texts, a list of ticked designs), so the form keeps
  // its own messages and takes only the submit's plumbing from the shared hook.
  const { busy: saving, formError, setFormError, onSubmit } = useSubmission();
  const { reloading, reload } = useReloadLatest(onReload);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);

  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const clearError = (key: string) =>
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _cleared, ...rest } = current;
      return rest;
    });

  const setNumber = (key: NumericSettingKey, text: string) => {
    setValues((current) => ({ ...current, numbers: { ...current.numbers, [key]: text } }));
    clearError(key);
  };

  const toggleDesign = (lensId: string, checked: boolean) => {
    setValues((current) => ({
      ...current,
      designIds: checked ? [...current.designIds, lensId] : current.designIds.filter((id) => id !== lensId),
    }));
    clearError('designIds');
  };

  const show = (next: FormErrors) => {
    setErrors(next);
    requestAnimationFrame(() =>
      document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  };

  async function save() {
    setConflict(false);
    const parsed = parseSettingsValues(values);
    const checked = troubleshooterSettingsFieldsSchema.safeParse(parsed.settings);
    if (!checked.success || Object.keys(parsed.errors).length) {
      show(
        foldListErrors({ ...(checked.success ? {} : formErrorsOf(checked.error)), ...parsed.errors }, ['designIds']),
      );
      setFormError(FORM_MESSAGES.correctMarkedFields);
      return;
    }
    try {
      await onSave({ version: settings.version, settings: checked.data });
      notify('success', 'Consultant settings saved.');
    } catch (error) {
      if (isCallableError(error) && error.status === 'aborted') setConflict(true);
      else {
        const fieldErrors = formErrorsOfServer(error);
        if (Object.keys(fieldErrors).length) show(fieldErrors);
        setFormError(failureMessage(error, 'The settings could not be saved.'));
      }
    }
  }

  const catalogueIds = new Set(scleralDesigns.map((d) => d.lensId));
  // A covered design that left the catalogue (or is no longer scleral) stays listed, so it can be unticked.
  const missing = values.designIds.filter((id) => !catalogueIds.has(id));
  const restored = withDefaultNumbers(values);
  const atDefaults = JSON.stringify(restored) === JSON.stringify(values);

  return (
    <form id={formId} className={layout.form} onSubmit={onSubmit(save)} noValidate aria-label="Consultant settings">
      <p className={layout.note}>
        {settings.version === 0
          ? 'The built-in defaults apply: nobody has saved settings yet.'
          : `Last changed${settings.updatedBy ? ` by ${settings.updatedBy.name}` : ''}${
              settings.updatedAt ? ` on ${dateTime(settings.updatedAt)}` : ''
            }.`}{' '}
        A <Badge tone="warning">Lab default</Badge> has no published value behind it: it is the lab's own choice, and
        the troubleshooter says so beside every suggestion that uses it.
      </p>
      {SETTING_GROUPS.map((group) => (
        <fieldset key={group.legend} className={layout.section}>
          <legend className={layout.legend}>{group.legend}</legend>
          <div className={styles.settings}>
            {group.keys.map((key) => (
              <SettingField
                key={key}
                settingKey={key}
                value={values.numbers[key]}
                error={errors[key]}
                onChange={(text) => setNumber(key, text)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <fieldset className={layout.section} aria-describedby={`${formId}-designs-note`}>
        <legend className={layout.legend}>Designs the consultant covers</legend>
        <p id={`${formId}-designs-note`} className={layout.note}>
          The scleral designs of the catalogue. Their diameters, sag ranges and landing types come from Lens Management.
        </p>
        {errors['designIds'] ? <Alert tone="error">{errors['designIds']}</Alert> : null}
        {scleralDesigns.length === 0 && missing.length === 0 ? (
          <p className={styles.muted}>The catalogue has no scleral designs yet.</p>
        ) : (
          <div className={styles.designs}>
            {scleralDesigns.map((design) => (
              <CheckboxField
                key={design.lensId}
                label={design.active ? design.name : `${design.name} (inactive)`}
                name="designIds"
                value={design.lensId}
                checked={values.designIds.includes(design.lensId)}
                onChange={(event) => toggleDesign(design.lensId, event.target.checked)}
              />
            ))}
            {missing.map((lensId) => (
              <CheckboxField
                key={lensId}
                label={`${lensId} (not a scleral design in the catalogue)`}
                name="designIds"
                value={lensId}
                checked
                onChange={(event) => toggleDesign(lensId, event.target.checked)}
              />
            ))}
          </div>
        )}
      </fieldset>
      {conflict ? (
        <ReloadLatestAlert
          title={CHANGED_MESSAGES.consultantSettings}
          reloading={reloading}
          onReload={() => void reload()}
        >
          Your changes are still in the form. Reloading replaces them with the latest.
        </ReloadLatestAlert>
      ) : null}
      <FormError message={formError} />
      <p className={layout.note}>
        Restore defaults puts the default numbers in the fields (the covered designs stay); Save stores them.
      </p>
      <div className={layout.actions}>
        <SubmitButton busy={saving} disabled={!dirty}>
          Save settings
        </SubmitButton>
        <Button
          variant="secondary"
          onClick={() => {
            setValues(restored);
            setErrors({});
          }}
          disabled={atDefaults || saving}
        >
          Restore defaults
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setValues(initial);
            setErrors({});
          }}
          disabled={!dirty || saving}
        >
          Discard changes
        </Button>
        <span className={layout.status} aria-live="polite">
          {dirty ? FORM_MESSAGES.unsavedChanges : ''}
        </span>
      </div>
    </form>
  );
}
