import styles from './upload-progress.module.css';

/**
 * One file's upload progress: a bar with the percent sent, turning to "Retrying…" (warning colour, what was
 * sent kept) while the upload waits to try again after a dropped connection. Every upload in the portal shows
 * this one bar, so order and consult files read the same.
 */
export function UploadProgress({
  name,
  progress,
  retrying = false,
}: {
  name: string;
  progress: number;
  retrying?: boolean;
}) {
  return (
    <span className={styles.row}>
      <span
        className={`${styles.track} ${retrying ? styles.retrying : ''}`}
        role="progressbar"
        aria-label={`Uploading ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={retrying ? `Retrying, ${progress}% sent before` : `${progress}%`}
      >
        <span className={styles.bar} style={{ width: `${progress}%` }} />
      </span>
      <span className={styles.percent} aria-hidden="true">
        {retrying ? 'Retrying…' : `${progress}%`}
      </span>
    </span>
  );
}
