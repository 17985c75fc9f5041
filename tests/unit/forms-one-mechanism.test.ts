import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every form submits through web/src/forms/ (docs/decisions.md "Forms on one mechanism"): the form library
 * is imported there only, and no component keeps its own busy flag or form-level message beside a form,
 * since that copy is where the double sends and the lost 409 warnings came from.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WEB_SRC = join(ROOT, 'web/src');
const FORMS_DIR = join(WEB_SRC, 'forms');

/**
 * Files allowed to break a rule, each with why. Empty: every form moved. A form that cannot move yet is
 * listed here by its path under web/src with the reason, never silently.
 */
const EXCEPTIONS: Record<string, string> = {};

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

/** The rules a file breaks (an empty list when it submits through web/src/forms/). */
function formRuleBreaches(source: string): string[] {
  const breaches: string[] = [];
  if (FORM_LIBRARY.test(source)) breaches.push('imports the form library outside web/src/forms/');
  if (RENDERS_A_FORM.test(source) && OWN_BUSY_FLAG.test(source))
    breaches.push('keeps its own busy flag beside a form (use useSubmission or usePortalForm)');
  if (OWN_FORM_MESSAGE.test(source)) breaches.push('keeps its own form-level message (use useSubmission)');
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
    const shared = `
      const form = usePortalForm({ initial, submit });
      return <form id={form.formId} onSubmit={form.submit}><SubmitButton busy={form.busy}>Save</SubmitButton></form>;`;
    expect(formRuleBreaches(shared)).toEqual([]);
  });

  it('no component outside web/src/forms/ imports the form library or hand-rolls its busy flag and message', () => {
    const breaches = sourceFiles(WEB_SRC).flatMap((path) => {
      const where = relative(WEB_SRC, path);
      if (where in EXCEPTIONS) return [];
      return formRuleBreaches(readFileSync(path, 'utf8')).map((rule) => `${where}: ${rule}`);
    });
    expect(breaches).toEqual([]);
  });

  it('every listed exception still breaks a rule, so a form that moved leaves the list', () => {
    const stale = Object.keys(EXCEPTIONS).filter(
      (where) => formRuleBreaches(readFileSync(join(WEB_SRC, where), 'utf8')).length === 0,
    );
    expect(stale).toEqual([]);
  });
});
