/**
 * What a visitor does on a prerendered page before the app owns it. main.tsx loads the app on the first sign
 * of use, not with the page, so a visitor may type, press a button or send the form before React has taken the
 * HTML over. The browser keeps what they type in its own fields; this module keeps the rest: the values are
 * saved just before React takes over and put back through React's own change events after (React and the
 * page's state would otherwise start from the empty values of the HTML), and a form sent, or a button or an
 * in-portal link pressed, meanwhile is held and done again once React can answer it. Without the hold the
 * browser would send the form itself, as a GET with the password in the address.
 */

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** An action held until the app owns the page. */
type HeldAction =
  | { kind: 'submit'; form: HTMLFormElement; formIndex: number; submitter: HTMLElement | null }
  | { kind: 'click'; element: HTMLElement };

interface SavedControl {
  key: string;
  value: string;
  checked: boolean;
}

export interface EarlyInput {
  /** Saves what the visitor changed, and where the focus is: called just before React takes the page over. */
  save(): void;
  /**
   * Called as React commits its first render there: tells it the values the visitor typed, at once, and does
   * the held action, if any, in a task of its own (after React has applied those values).
   */
  replay(): void;
  /** Whether an action is waiting for the app. */
  readonly holding: boolean;
  /**
   * The app's files could not be fetched: nothing is busy any more, a held link is followed by the browser, and
   * the hold stays in place (the browser must never send the form itself); a held form or button waits for the
   * next try.
   */
  loadFailed(): void;
  /**
   * The app loaded but could not start (it shows why instead of the page): the held action is dropped and
   * clicks are the browser's again; a form is still never sent by the browser.
   */
  abandon(): void;
}

/** Pressed or sent by the visitor meanwhile: the page says it is busy until the app has done it. */
const BUSY_ATTRIBUTE = 'aria-busy';

const CHECKABLE = new Set(['checkbox', 'radio']);
const NOT_INPUT = new Set(['hidden', 'submit', 'button', 'reset', 'image', 'file']);

function controlsOf(root: ParentNode): Control[] {
  return [...root.querySelectorAll<Control>('input, textarea, select')].filter(
    (control) => !(control instanceof HTMLInputElement && NOT_INPUT.has(control.type)),
  );
}

/**
 * A control's name across renders: its `name`, else its label's text. Not its id: ids from `useId` differ
 * between the prerendered HTML and a page React renders afresh.
 */
function keyOf(control: Control): string | null {
  const name = control.name || control.labels?.[0]?.textContent?.trim();
  if (!name) return null;
  const radio = control instanceof HTMLInputElement && control.type === 'radio';
  return `${control.tagName}:${name}${radio ? `=${control.value}` : ''}`;
}

const isCheckable = (control: Control): control is HTMLInputElement =>
  control instanceof HTMLInputElement && CHECKABLE.has(control.type);

function changedByVisitor(control: Control): boolean {
  if (isCheckable(control)) return control.checked !== control.defaultChecked;
  if (control instanceof HTMLSelectElement) return [...control.options].some((o) => o.selected !== o.defaultSelected);
  return control.value !== control.defaultValue;
}

/**
 * Puts a saved value back so that React reports it to the page, as typing would. React keeps the value it last
 * saw of each field (set through the element) and ignores an event that changes nothing it knows of: so the
 * value is first set through the element to something else, then to the visitor's one past React (the
 * prototype's own setter), then the event React listens to for that field is sent (`click` for check boxes
 * and radios, as a plain Event, which does not toggle them again).
 */
function putBack(control: Control, saved: SavedControl): void {
  const checkable = isCheckable(control);
  if (checkable && control.type === 'radio' && !saved.checked) return; // its group's checked one is put back
  const property = checkable ? 'checked' : 'value';
  const wanted = checkable ? saved.checked : saved.value;
  Reflect.set(control, property, checkable ? !saved.checked : saved.value === '' ? ' ' : '');
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, property)?.set?.call(control, wanted);
  const event = checkable ? 'click' : control instanceof HTMLSelectElement ? 'change' : 'input';
  control.dispatchEvent(new Event(event, { bubbles: true }));
}

/** A click the app would answer: a button that is not the form's submit (that one sends `submit`), or an in-portal link. */
function heldClickTarget(event: MouseEvent): HTMLElement | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = (event.target as Element | null)?.closest<HTMLElement>('a[href], button, [role="button"]');
  if (!target) return null;
  if (target instanceof HTMLAnchorElement) {
    const here = window.location;
    const external = target.origin !== here.origin || target.target !== '' || target.hasAttribute('download');
    // A link within this page (a skip link) works without the app.
    const inPage = target.pathname === here.pathname && target.search === here.search && target.hash !== '';
    return external || inPage ? null : target;
  }
  if (target instanceof HTMLButtonElement && target.type === 'submit' && target.form) return null;
  return target;
}

const stateOf = (control: Control): SavedControl => ({
  key: keyOf(control) ?? '',
  value: control.value,
  checked: isCheckable(control) && control.checked,
});

export function holdEarlyInput(root: HTMLElement): EarlyInput {
  let held: HeldAction | null = null;
  let saved = new Map<string, SavedControl>();
  let before = new Set<Control>();
  let focused: string | null = null;

  /** The form sent or the element pressed: busy while it waits (on it, not the page, so the rest still reads). */
  const busyPart = (action: HeldAction | null) => (action?.kind === 'submit' ? action.form : action?.element);
  const hold = (action: HeldAction) => {
    busyPart(held)?.removeAttribute(BUSY_ATTRIBUTE);
    held = action;
    busyPart(action)?.setAttribute(BUSY_ATTRIBUTE, 'true');
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target as HTMLFormElement;
    event.preventDefault();
    const formIndex = [...root.querySelectorAll('form')].indexOf(form);
    hold({ kind: 'submit', form, formIndex, submitter: event.submitter });
  };
  let abandoned = false;
  const onClick = (event: MouseEvent) => {
    if (abandoned) return;
    const element = heldClickTarget(event);
    if (!element) return;
    event.preventDefault();
    hold({ kind: 'click', element });
  };
  root.addEventListener('submit', onSubmit, { capture: true });
  root.addEventListener('click', onClick, { capture: true });

  return {
    get holding() {
      return held !== null;
    },
    loadFailed() {
      busyPart(held)?.removeAttribute(BUSY_ATTRIBUTE);
      // A link needs no app: the browser follows it (the page it opens is HTML of its own).
      if (held?.kind === 'click' && held.element instanceof HTMLAnchorElement) {
        const { href } = held.element;
        held = null;
        window.location.assign(href);
      }
    },
    abandon() {
      busyPart(held)?.removeAttribute(BUSY_ATTRIBUTE);
      held = null;
      abandoned = true;
    },
    save() {
      before = new Set(controlsOf(root));
      saved = new Map();
      for (const control of before) {
        const state = stateOf(control);
        if (state.key && changedByVisitor(control)) saved.set(state.key, state);
      }
      const active = document.activeElement;
      focused = active && root.contains(active) ? keyOf(active as Control) : null;
    },
    replay() {
      root.removeEventListener('submit', onSubmit, { capture: true });
      root.removeEventListener('click', onClick, { capture: true });
      const controls = controlsOf(root);
      // Fields React replaced keep their values once removed: keys typed into them after save() count too.
      const replaced = new Map([...before].filter((old) => !old.isConnected).map((old) => [keyOf(old), old] as const));
      for (const control of controls) {
        // A field that holds the visitor's value (the hydrated one, or the one React replaced) has what they typed
        // while React took over too; one found empty (React sets each field's type as it hydrates, and jsdom
        // empties a password field then) gets the value saved from before.
        const source = before.has(control) ? control : replaced.get(keyOf(control));
        const entry = source && changedByVisitor(source) ? stateOf(source) : saved.get(keyOf(control) ?? '');
        if (entry) putBack(control, entry);
      }
      // A page React rendered afresh has new fields: the one the visitor was in gets the focus back.
      const focusedControl = focused ? controls.find((control) => keyOf(control) === focused) : undefined;
      if (focusedControl && !root.contains(document.activeElement)) focusedControl.focus();
      const action = held;
      busyPart(action)?.removeAttribute(BUSY_ATTRIBUTE);
      held = null;
      setTimeout(() => {
        if (action?.kind === 'submit') {
          const form = action.form.isConnected ? action.form : root.querySelectorAll('form')[action.formIndex];
          const submitter = action.submitter?.isConnected && form?.contains(action.submitter) ? action.submitter : null;
          form?.requestSubmit(submitter);
        } else if (action?.kind === 'click') {
          const href = action.element.getAttribute('href');
          const element = action.element.isConnected
            ? action.element
            : [...root.querySelectorAll('a')].find((link) => href !== null && link.getAttribute('href') === href);
          element?.click();
        }
      });
    },
  };
}

/** What main.tsx hands the app's start (app/start.tsx `TakeOverHooks`) for a page it holds the input of. */
export const takeOverHooksOf = (early: EarlyInput) => ({
  beforeTakeOver: () => early.save(),
  takenOver: () => early.replay(),
  failed: () => early.abandon(),
});

/** The events that say a visitor is about to use the page: main.tsx loads the app on the first of them. */
export const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin'] as const;

/** Calls `act` once, on the first intent event on `target`. */
export function onFirstIntent(target: EventTarget, act: () => void): void {
  const once = () => {
    for (const type of INTENT_EVENTS) target.removeEventListener(type, once, { capture: true });
    act();
  };
  for (const type of INTENT_EVENTS) target.addEventListener(type, once, { capture: true, passive: true });
}
