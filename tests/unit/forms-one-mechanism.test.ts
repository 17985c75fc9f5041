import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every form submits through web/src/forms/ (docs/decisions/0062-forms-on-one-mechanism.md): the form library
 * is imported there only, and no component keeps its own busy flag or form-level message beside a form,
 * since that copy is where the double sends and the lost 409 warnings came from. Field messages come from
 * usePortalForm (the route's schema, the form's own rules, the server's), which also moves focus to the
 * first marked field, so no form keeps a map of messages or focuses a marked field by hand.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WEB_SRC = join(ROOT, 'web/src');
const FORMS_DIR = join(WEB_SRC, 'forms');

const RULES = {
  formLibrary: 'imports the form library outside web/src/forms/',
  busyFlag: 'keeps its own busy flag beside a form (use useSubmission or usePortalForm)',
  formMessage: 'keeps its own form-level message (use useSubmission)',
  fieldMessages: 'keeps its own field messages or focuses a marked field by hand (use usePortalForm)',
} as const;
type Rule = keyof typeof RULES;

/**
 * Files allowed to break one rule, each with why. A form that cannot move yet is listed here by its path
 * under web/src with the rule and the reason, never silently.
 */
const EXCEPTIONS: Record<string, { rule: Rule; why: string }> = {
  'features/orders/components/order-form/use-order-form.ts': {
    rule: 'fieldMessages',
    why: 'its values live in the autosaved draft (useOrderDraft), not in the form library',
  },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === FORMS_DIR ? [] : sourceFiles(path);
    return ['.ts', '.tsx'].includes(extname(entry.name)) ? [path] : [];
  });
}

const FORM_LIBRARY = /from\s+['"](react-hook-form|@hookform\/[^'"]+)['"]/;
const RENDERS_A_FORM = /<(form|FormDialog)\b/;
/** A state or ref named for a submit in flight: `const [busy, setBusy] = useState(...)`, `sendingRef = useRef`. */
const OWN_BUSY_FLAG =
  /const\s+(\[\s*(busy|submitting|saving|sending|paying|pending)\s*,\s*set\w+\s*\]\s*=\s*useState|(busy|submitting|saving|sending|inFlight)(Ref)?\s*=\s*useRef)\b/;
/** The form-level message kept by hand: `const [formError, setFormError] = useState(...)`. */
const OWN_FORM_MESSAGE = /const\s+\[\s*formError\s*,\s*setFormError\s*\]\s*=\s*useState\b/;
/** Field messages kept by hand (`useState<FormErrors>`), or focus sent to a marked field by hand. */
const OWN_FIELD_MESSAGES = /useState<FormErrors>|querySelector(<\w+>)?\(\s*['"`]\[aria-invalid/;

/** The rules a file breaks (an empty list when it submits through web/src/forms/). */
function formRuleBreaches(source: string): Rule[] {
  const breaches: Rule[] = [];
  if (FORM_LIBRARY.test(source)) breaches.push('formLibrary');
  if (RENDERS_A_FORM.test(source) && OWN_BUSY_FLAG.test(source)) breaches.push('busyFlag');
  if (OWN_FORM_MESSAGE.test(source)) breaches.push('formMessage');
  if (OWN_FIELD_MESSAGES.test(source)) breaches.push('fieldMessages');
  return breaches;
}

describe('forms on one mechanism', () => {
  it('the rules catch a hand-rolled submit and the form library, and pass a form on the shared hooks', () => {
    const handRolled = `
      const [saving, setSaving] = useState(false);
      const [formError, setFormError] = useState<string | null>(null);
      return <form onSubmit={save}>…</form>;`;
    expect(formRuleBreaches(handRolled)).toHaveLength(2);
    expect(formRuleBreaches(`const sendingRef = useRef(false);\nreturn <FormDialog />;`)).toHaveLength(1);
    expect(formRuleBreaches(`import { useForm } from 'react-hook-form';`)).toHaveLength(1);
    expect(formRuleBreaches(`const [errors, setErrors] = useState<FormErrors>({});`)).toEqual(['fieldMessages']);
    const handFocus = `document.getElementById(id)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();`;
    expect(formRuleBreaches(handFocus)).toEqual(['fieldMessages']);
    const shared = `
      const form = usePortalForm({ initial, submit });
      return <form id={form.formId} onSubmit={form.submit}><SubmitButton busy={form.busy}>Save</SubmitButton></form>;`;
    expect(formRuleBreaches(shared)).toEqual([]);
  });

  it('no component outside web/src/forms/ imports the form library or hand-rolls its busy flag, its messages or its focus', () => {
    const breaches = sourceFiles(WEB_SRC).flatMap((path) => {
      const where = relative(WEB_SRC, path);
      return formRuleBreaches(readFileSync(path, 'utf8'))
        .filter((rule) => EXCEPTIONS[where]?.rule !== rule)
        .map((rule) => `${where}: ${RULES[rule]}`);
    });
    expect(breaches).toEqual([]);
  });

  it('every listed exception still breaks its rule, so a form that moved leaves the list', () => {
    const stale = Object.entries(EXCEPTIONS).filter(
      ([where, { rule }]) => !formRuleBreaches(readFileSync(join(WEB_SRC, where), 'utf8')).includes(rule),
    );
    expect(stale).toEqual([]);
  });
});
