import {
  CLOCK_HOURS,
  LANDING_TYPE_LABELS,
  LANDING_TYPES,
  ROTATION_RESULT_LABELS,
  ROTATION_RESULTS,
  TAP_RESULT_LABELS,
  TAP_RESULTS,
  type ConsultantDesign,
  type LandingType,
  type TroubleshooterSettingsFields,
} from '../../../../../core/schemas/consults';
import { EYE_LABELS, EYES } from '../../../../../core/schemas/orders';
import layout from '../../../components/form-layout.module.css';
import { Alert } from '../../../components/ui/alert';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { PortalForm } from '../../../forms/use-portal-form';
import { clockHourText } from '../model/observation-text';
import { designRangesText, type TroubleshooterFormValues } from '../model/troubleshooter-form';
import { ChoiceGroup } from './choice-group';
import { ClockFacePicker } from './clock-face-picker';
import { DECIMAL_INPUT, WHOLE_NUMBER_INPUT } from '../../../forms/number-inputs';

export type TroubleshooterForm = Pick<
  PortalForm<TroubleshooterFormValues>,
  'values' | 'set' | 'errors' | 'field' | 'checkbox'
>;

const ANOTHER_LENS = { value: '', label: 'Another lens (not listed)' };

/** Step 1: the lens on the eye. A covered design shows what it is made in and offers only its landings. */
export function LensStep({
  form,
  designs,
  loadingDesigns,
}: {
  form: TroubleshooterForm;
  designs: readonly ConsultantDesign[];
  loadingDesigns: boolean;
}) {
  const design = designs.find((d) => d.lensId === form.values.lens.lensId);
  const landingTypes: readonly LandingType[] = design?.landingTypes.length ? design.landingTypes : LANDING_TYPES;
  const ranges = design ? designRangesText(design) : null;
  return (
    <>
      <SelectField
        label="Lens design"
        options={[...designs.map((d) => ({ value: d.lensId, label: d.name })), ANOTHER_LENS]}
        hint={
          loadingDesigns ? 'Loading the designs…' : (ranges ?? 'Enter the diameter and sag of the lens on the eye.')
        }
        {...form.field('lens.lensId')}
      />
      <div className={layout.row}>
        <TextField
          label="Diameter (mm)"
          {...DECIMAL_INPUT}
          hint={
            design?.diameterMm
              ? `${design.diameterMm.min.toFixed(1)} to ${design.diameterMm.max.toFixed(1)} mm`
              : 'Optional'
          }
          {...form.field('lens.diameterMm')}
        />
        <TextField
          label="Sag (µm)"
          {...WHOLE_NUMBER_INPUT}
          hint={design?.sagUm ? `${design.sagUm.min} to ${design.sagUm.max} µm` : 'Optional'}
          {...form.field('lens.sagUm')}
        />
      </div>
      <ChoiceGroup
        legend="Landing type"
        name="landing"
        choices={landingTypes.map((value) => ({ value, label: LANDING_TYPE_LABELS[value] }))}
        value={form.values.lens.landing}
        onChange={(value) => form.set('lens.landing', value)}
        error={form.errors['lens.landing']}
      />
      <SelectField
        label="Eye (optional)"
        placeholder="Not said"
        options={EYES.map((eye) => ({ value: eye, label: EYE_LABELS[eye] }))}
        hint="Only carried over if you ask a consultant; the suggestions do not depend on it."
        {...form.field('eye')}
      />
    </>
  );
}

/** Step 2: how long the lens has been on and the clearances measured (OCT or optic section). */
export function WearStep({ form, settings }: { form: TroubleshooterForm; settings: TroubleshooterSettingsFields }) {
  return (
    <>
      <div className={layout.row}>
        <TextField
          label="Minutes on eye"
          {...WHOLE_NUMBER_INPUT}
          required
          hint={`Judge clearance after at least ${settings.judgeAfterMinutes} minutes.`}
          {...form.field('minutesOnEye')}
        />
        <TextField
          label="Central clearance (µm)"
          {...WHOLE_NUMBER_INPUT}
          hint="As measured now; 0 = central touch. Leave blank if not measured."
          {...form.field('centralClearanceUm')}
        />
      </div>
      <fieldset className={layout.section}>
        <legend className={layout.legend}>Limbal clearance (µm)</legend>
        <p className={layout.note}>Per quadrant, where measured; 0 = touch. Leave the others blank.</p>
        <div className={layout.row}>
          <TextField label="Superior" {...WHOLE_NUMBER_INPUT} {...form.field('limbalClearanceUm.superior')} />
          <TextField label="Inferior" {...WHOLE_NUMBER_INPUT} {...form.field('limbalClearanceUm.inferior')} />
        </div>
        <div className={layout.row}>
          <TextField label="Nasal" {...WHOLE_NUMBER_INPUT} {...form.field('limbalClearanceUm.nasal')} />
          <TextField label="Temporal" {...WHOLE_NUMBER_INPUT} {...form.field('limbalClearanceUm.temporal')} />
        </div>
      </fieldset>
    </>
  );
}

/** Step 3: the landing zone by clock hour, with fluorescein and white light. */
export function LandingStep({ form }: { form: TroubleshooterForm }) {
  return (
    <>
      <p className={layout.note}>
        Mark what the landing zone does at each hour you checked, with fluorescein and white light. Hours left as not
        recorded are not used.
      </p>
      <ClockFacePicker
        value={form.values.landing}
        onChange={(hour, finding) => form.set(`landing.${hour}`, finding)}
        error={form.errors['landing']}
      />
    </>
  );
}

/** Step 4: the toricity tests and the symptoms after removal and during the day. */
export function TestsStep({ form }: { form: TroubleshooterForm }) {
  const spherical = form.values.lens.landing === 'spherical';
  const testsNote =
    'The rotation and tap tests are only meaningful for a toric or quadrant-specific landing: they test its toricity.';
  return (
    <>
      {spherical ? (
        <Alert tone="info" title="Your lens has a spherical landing">
          {testsNote} For a spherical landing, leave them as not done.
        </Alert>
      ) : (
        <p className={layout.note}>{testsNote}</p>
      )}
      <ChoiceGroup
        legend="Rotation test (turn the settled lens 30 to 40 degrees)"
        name="rotationTest"
        choices={ROTATION_RESULTS.map((value) => ({ value, label: ROTATION_RESULT_LABELS[value] }))}
        value={form.values.rotationTest}
        onChange={(value) => form.set('rotationTest', value)}
        error={form.errors['rotationTest']}
      />
      <ChoiceGroup
        legend="Tap test (no dye in the bowl; dye on the front surface or sclera)"
        name="tapTest"
        choices={TAP_RESULTS.map((value) => ({ value, label: TAP_RESULT_LABELS[value] }))}
        value={form.values.tapTest}
        onChange={(value) => form.set('tapTest', value)}
        error={form.errors['tapTest']}
      />
      <CheckboxField label="Impression ring with rebound redness after removal" {...form.checkbox('impressionRing')} />
      <CheckboxField
        label="Midday fogging (the tear reservoir clouds after some hours)"
        {...form.checkbox('middayFogging')}
      />
    </>
  );
}

/** Step 5: the over-refraction and where a toric landing's marks sit. */
export function OverRefractionStep({ form }: { form: TroubleshooterForm }) {
  const landing = form.values.lens.landing;
  return (
    <>
      <fieldset className={layout.section}>
        <legend className={layout.legend}>Over-refraction</legend>
        <p className={layout.note}>Leave blank if none was done. Powers in 0.25 D steps, cylinder in minus form.</p>
        <div className={layout.row}>
          <TextField
            label="Sphere (D)"
            {...DECIMAL_INPUT}
            hint="For example +1.25 or -0.50"
            {...form.field('overRefraction.sphere')}
          />
          <TextField
            label="Cylinder (D)"
            {...DECIMAL_INPUT}
            hint="For example -0.75; blank for none"
            {...form.field('overRefraction.cylinder')}
          />
        </div>
        <div className={layout.row}>
          <TextField
            label="Axis (degrees)"
            {...WHOLE_NUMBER_INPUT}
            hint="1 to 180"
            {...form.field('overRefraction.axis')}
          />
        </div>
        <CheckboxField
          label="The residual cylinder matches the over-keratometry (the lens flexes)"
          {...form.checkbox('overRefraction.cylinderMatchesOverK')}
        />
      </fieldset>
      <SelectField
        label="Toric marks at"
        placeholder="Not noted"
        options={CLOCK_HOURS.map((hour) => ({ value: String(hour), label: clockHourText(hour) }))}
        hint={
          landing === 'spherical'
            ? 'Only for a toric or quadrant-specific landing.'
            : 'Where the rotation marks sit after 10 to 20 minutes on the eye.'
        }
        {...form.field('toricMarksAt')}
      />
    </>
  );
}
