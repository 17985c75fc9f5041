import styles from './staging-badge.module.css';

/** spec 1, 2: a STAGING badge whenever the portal is not the production one. */
export function StagingBadge({ stage }: { stage: string }) {
  return (
    <span className={styles.badge} title={`Stage: ${stage}. Not the production portal.`}>
      STAGING
    </span>
  );
}
