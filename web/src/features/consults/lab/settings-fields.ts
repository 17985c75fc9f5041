import {
  DEFAULT_TROUBLESHOOTER_SETTINGS,
  LAB_DEFAULT_SETTINGS,
  TROUBLESHOOTER_SETTING_LABELS,
  type TroubleshooterSettingsFields,
} from '../../../../../core/schemas/consults';

export type NumericSettingKey = keyof typeof TROUBLESHOOTER_SETTING_LABELS;

/** What each threshold does in the troubleshooter's rules, in the words the settings page shows. */
const MEANINGS: Record<NumericSettingKey, string> = {
  targetClearanceUm: 'The settled central clearance a sag change aims for.',
  minClearanceUm: 'Settled central clearance below this is too little: the sag goes up.',
  maxClearanceUm: 'Settled central clearance above this is big: the sag comes down.',
  excessiveClearanceUm: 'Settled central clearance above this is called excessive.',
  settlingAllowanceUm: 'How far a lens settles over a day of wear; measured clearance is projected with it.',
  sagStepUm: 'The sag step lenses are made in: sag changes are rounded to it.',
  minSagChangeUm: 'A sag change smaller than this is not worth a remake.',
  judgeAfterMinutes: 'Clearance judged earlier than this is a reason to look again later.',
  limbalTargetUm: 'The limbal clearance aimed for.',
  limbalExcessiveUm: 'Limbal clearance above this is excessive: it is lowered toward the target.',
  limbalFoggingTargetUm: 'The limbal clearance aimed for when the lens fogs at midday.',
  limbalStepUm: 'The limbal clearance step lenses are made in.',
  toricityStepUm: 'The landing toricity step (the sag difference between the meridians).',
  quadrantStepUm: 'How far one landing quadrant is flattened or steepened.',
  diameterStepMm: 'How much larger the diameter gets for an impression ring with rebound redness.',
};

export interface SettingGroup {
  legend: string;
  keys: readonly NumericSettingKey[];
}

/** The thresholds in the order a fitter meets them, grouped as the troubleshooter's steps are. */
export const SETTING_GROUPS: readonly SettingGroup[] = [
  {
    legend: 'Central clearance',
    keys: [
      'judgeAfterMinutes',
      'targetClearanceUm',
      'minClearanceUm',
      'maxClearanceUm',
      'excessiveClearanceUm',
      'settlingAllowanceUm',
      'sagStepUm',
      'minSagChangeUm',
    ],
  },
  {
    legend: 'Limbal clearance',
    keys: ['limbalTargetUm', 'limbalExcessiveUm', 'limbalFoggingTargetUm', 'limbalStepUm'],
  },
  { legend: 'Landing and diameter', keys: ['toricityStepUm', 'quadrantStepUm', 'diameterStepMm'] },
];

export interface SettingInfo {
  key: NumericSettingKey;
  label: string;
  unit: string;
  meaning: string;
  /** True when no published value stands behind the default: the lab's own choice. */
  labDefault: boolean;
  defaultValue: number;
}

export function settingInfo(key: NumericSettingKey): SettingInfo {
  const { label, unit } = TROUBLESHOOTER_SETTING_LABELS[key];
  return {
    key,
    label,
    unit,
    meaning: MEANINGS[key],
    labDefault: LAB_DEFAULT_SETTINGS.includes(key),
    defaultValue: DEFAULT_TROUBLESHOOTER_SETTINGS[key],
  };
}

export const NUMERIC_SETTING_KEYS = SETTING_GROUPS.flatMap((group) => group.keys);

/**
 * The form's values: what was typed per threshold, and the covered designs, under the route input's paths
 * ('settings.sagStepUm'), the keys the schema's and the server's field messages carry.
 */
export interface SettingsValues {
  settings: Record<NumericSettingKey, string> & { designIds: string[] };
}

export function settingsValuesOf(settings: TroubleshooterSettingsFields): SettingsValues {
  const numbers = Object.fromEntries(NUMERIC_SETTING_KEYS.map((key) => [key, String(settings[key])]));
  return { settings: { ...(numbers as Record<NumericSettingKey, string>), designIds: [...settings.designIds] } };
}

/** The default thresholds in the fields; the covered designs are the lab's catalogue choice and stay. */
export const withDefaultNumbers = (values: SettingsValues): SettingsValues =>
  settingsValuesOf({ ...DEFAULT_TROUBLESHOOTER_SETTINGS, designIds: values.settings.designIds });

/**
 * The route's settings for the typed text: numbers where a number was typed. A blank goes on as undefined:
 * the schema refuses it, and settingTextErrors' message is the one shown.
 */
export function settingsOf(values: SettingsValues): TroubleshooterSettingsFields {
  const settings: Record<string, unknown> = { designIds: values.settings.designIds };
  for (const key of NUMERIC_SETTING_KEYS) {
    const text = values.settings[key].trim();
    settings[key] = text === '' ? undefined : Number(text);
  }
  return settings as TroubleshooterSettingsFields;
}

/** "Required" and "a number" messages for the fields the schema could only call an invalid type. */
export function settingTextErrors(values: SettingsValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of NUMERIC_SETTING_KEYS) {
    const text = values.settings[key].trim();
    const { label } = TROUBLESHOOTER_SETTING_LABELS[key];
    if (text === '') errors[`settings.${key}`] = `${label} is required`;
    else if (!Number.isFinite(Number(text))) errors[`settings.${key}`] = `${label} must be a number`;
  }
  return errors;
}
