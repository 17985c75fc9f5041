import { FORM_MESSAGES } from '../../../core/messages';
import { Button } from '../components/ui/button';
import layout from '../components/form-layout.module.css';

/** Beside a form's Save: Discard changes, and the live line that says there are unsaved ones. */
export function DiscardChanges({ dirty, busy, onDiscard }: { dirty: boolean; busy: boolean; onDiscard: () => void }) {
  return (
    <>
      <Button variant="ghost" onClick={onDiscard} disabled={!dirty || busy}>
        Discard changes
      </Button>
      <span className={layout.status} aria-live="polite">
        {dirty ? FORM_MESSAGES.unsavedChanges : ''}
      </span>
    </>
  );
}
