import type { EmailKind, EmailTemplate } from '../../../../../core/schemas/email/email';
import { EMAIL_KIND_LABELS } from './email-kind-labels';
import styles from './email-management.module.css';

/** The emails the portal sends; the open one is marked with aria-current. */
export function EmailTemplateList({
  templates,
  selected,
  onSelect,
}: {
  templates: readonly EmailTemplate[];
  selected: EmailKind | null;
  onSelect: (kind: EmailKind) => void;
}) {
  return (
    <nav aria-label="Emails">
      <ul className={styles.kinds}>
        {templates.map((t) => (
          <li key={t.kind}>
            <button
              type="button"
              className={styles.kind}
              aria-current={t.kind === selected ? 'true' : undefined}
              onClick={() => onSelect(t.kind)}
            >
              <span className={styles.kindLabel}>{EMAIL_KIND_LABELS[t.kind].label}</span>
              <span className={styles.kindMeta}>{t.version === 0 ? 'Built-in text' : 'Customised'}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
