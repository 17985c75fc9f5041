import { CHANGED_MESSAGES, FORM_MESSAGES } from '../../../../../core/messages';
import { useEffect } from 'react';
import {
  updateTroubleshooterSettingsInputSchema,
  type TroubleshooterSettings,
  type TroubleshooterSettingsFields,
} from '../../../../../core/schemas/consults';
import type { LensDesign } from '../../../../../core/schemas/lenses';
import { ConflictAlert } from '../../../components/reload-latest-alert';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TextField } from '../../../components/ui/text-field';
import layout from '../../../components/form-layout.module.css';
import { FormError } from '../../../forms/form-error';
import { SubmitButton } from '../../../forms/submit-button';
import { usePortalForm } from '../../../forms/use-portal-form';
import { dateTime } from '../../../lib/format-time';
import { notify } from '../../../lib/notify';
import {
  SETTING_GROUPS,
  settingInfo,
  settingsOf,
  settingsValuesOf,
  settingTextErrors,
  withDefaultNumbers,
  type NumericSettingKey,
} from './settings-fields';
import styles from './lab-consults.module.css';
import { DiscardChanges } from '../../../forms/discard-changes';

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

const LIST_FIELDS = ['settings.designIds'];

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
  const form = usePortalForm({
    initial: settingsValuesOf(settings),
    schema: updateTroubleshooterSettingsInputSchema,
    input: (values) => ({ version: settings.version, settings: settingsOf(values) }),
    check: settingTextErrors,
    listFields: LIST_FIELDS,
    invalidMessage: FORM_MESSAGES.correctMarkedFields,
    failureMessage: 'The settings could not be saved.',
    onReload,
    submit: async (input) => {
      await onSave(input);
      notify('success', 'Consultant settings saved.');
    },
  });
  const { values, errors, dirty, formId } = form;
  const saving = form.busy;

  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const toggleDesign = (lensId: string, checked: boolean) => {
    const { designIds } = values.settings;
    form.set('settings.designIds', checked ? [...designIds, lensId] : designIds.filter((id) => id !== lensId));
  };

  const catalogueIds = new Set(scleralDesigns.map((d) => d.lensId));
  // A covered design that left the catalogue (or is no longer scleral) stays listed, so it can be unticked.
  const missing = values.settings.designIds.filter((id) => !catalogueIds.has(id));
  const restored = withDefaultNumbers(values);
  const atDefaults = JSON.stringify(restored) === JSON.stringify(values);

  return (
    <form id={formId} className={layout.form} onSubmit={form.submit} noValidate aria-label="Consultant settings">
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
                value={values.settings[key]}
                error={errors[`settings.${key}`]}
                onChange={(text) => form.set(`settings.${key}`, text)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <fieldset className={layout.section} aria-describedby={`${formId}-designs-note`}>
        <legend className={layout.legend}>Designs the consultant covers</legend>
        <p id={`${formId}-designs-note`} className={layout.note}>
          The scleral designs of the catalog. Their diameters, sag ranges and landing types come from Lens Management.
        </p>
        {errors['settings.designIds'] ? <Alert tone="error">{errors['settings.designIds']}</Alert> : null}
        {scleralDesigns.length === 0 && missing.length === 0 ? (
          <p className={styles.muted}>The catalog has no scleral designs yet.</p>
        ) : (
          <div className={styles.designs}>
            {scleralDesigns.map((design) => (
              <CheckboxField
                key={design.lensId}
                label={design.active ? design.name : `${design.name} (inactive)`}
                name="designIds"
                value={design.lensId}
                checked={values.settings.designIds.includes(design.lensId)}
                onChange={(event) => toggleDesign(design.lensId, event.target.checked)}
              />
            ))}
            {missing.map((lensId) => (
              <CheckboxField
                key={lensId}
                label={`${lensId} (not a scleral design in the catalog)`}
                name="designIds"
                value={lensId}
                checked
                onChange={(event) => toggleDesign(lensId, event.target.checked)}
              />
            ))}
          </div>
        )}
      </fieldset>
      <ConflictAlert conflict={form.conflict} title={CHANGED_MESSAGES.consultantSettings}>
        Your changes are still in the form. Reloading replaces them with the latest.
      </ConflictAlert>
      <FormError message={form.formError} />
      <p className={layout.note}>
        Restore defaults puts the default numbers in the fields (the covered designs stay); Save stores them.
      </p>
      <div className={layout.actions}>
        <SubmitButton busy={saving} disabled={!dirty}>
          Save settings
        </SubmitButton>
        <Button
          variant="secondary"
          onClick={() => form.set('settings', restored.settings)}
          disabled={atDefaults || saving}
        >
          Restore defaults
        </Button>
        <DiscardChanges dirty={dirty} busy={saving} onDiscard={() => form.reset(settingsValuesOf(settings))} />
      </div>
    </form>
  );
}
