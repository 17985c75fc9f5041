import { useId, useState } from 'react';
import { ATTACHMENT_LIMITS, attachmentCountMessage } from '../../../../../core/schemas/attachments';
import { Button } from '../../../components/ui/button';
import { UploadProgress } from '../../../components/ui/upload-progress';
import styles from './customer-consults.module.css';
import { AttachmentFileInput } from '../../../components/ui/attachment-file-input';

/**
 * What the request form needs of the attachments feature (the route passes it, as the order pages get their
 * attachments panel): the same checks before anything is sent, and the upload of one file to a stored
 * consult with its progress.
 */
export interface ConsultFileUploads {
  /** Why the file cannot be attached (type, size, empty); undefined when it can. */
  problem: (file: File) => string | undefined;
  /**
   * Uploads the file to the consult and has the server check and attach it, retrying a dropped connection
   * (`onRetrying` while it waits to try again, `onProgress` as bytes go out).
   */
  upload: (
    consultId: string,
    file: File,
    events: { onProgress: (percent: number) => void; onRetrying: () => void },
  ) => Promise<unknown>;
  /** What to tell the user about a failed upload. */
  failureText: (error: unknown) => string;
}

/** One chosen file on its way to the stored consult: progress in percent, or why it failed. */
export interface FileUpload {
  name: string;
  progress: number;
  /** Waiting to try again after a dropped connection. */
  retrying?: boolean;
  error?: string;
}

/**
 * Photos, OCT and topography chosen before the request is sent: the files are checked at once (type, size,
 * count) and uploaded once the request is stored, since files belong to a consult that exists.
 */
export function ConsultFilesField({
  files,
  uploads,
  onChange,
  disabled,
}: {
  files: readonly File[];
  uploads: Pick<ConsultFileUploads, 'problem'>;
  onChange: (files: File[]) => void;
  disabled: boolean;
}) {
  const inputId = useId();
  const [refused, setRefused] = useState<{ name: string; reason: string }[]>([]);

  function add(chosen: readonly File[]) {
    let next = [...files];
    const problems: { name: string; reason: string }[] = [];
    for (const file of chosen) {
      // The same name again replaces the earlier choice (a consult keeps one file per name).
      const replaces = next.some((f) => f.name === file.name);
      const problem =
        uploads.problem(file) ??
        (!replaces && next.length >= ATTACHMENT_LIMITS.maxFiles ? attachmentCountMessage('consult') : undefined);
      if (problem) problems.push({ name: file.name, reason: problem });
      else next = [...next.filter((f) => f.name !== file.name), file];
    }
    setRefused(problems);
    onChange(next);
  }

  return (
    <section className={styles.section} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className={styles.legend}>
        Files (optional)
      </h2>
      {files.length > 0 ? (
        <ul className={styles.fileList} aria-label="Files to attach">
          {files.map((file) => (
            <li key={file.name} className={styles.fileItem}>
              <span className={styles.fileName}>{file.name}</span>
              <Button
                size="sm"
                variant="ghost"
                disabled={disabled}
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(files.filter((f) => f !== file))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {refused.map((file) => (
        <p key={file.name} className={styles.error} role="alert">
          {file.name}: {file.reason}
        </p>
      ))}
      <div>
        <label htmlFor={inputId} className={styles.chooseButton} aria-disabled={disabled || undefined}>
          Add photos, OCT or topography
        </label>
        <AttachmentFileInput id={inputId} describedBy={`${inputId}-hint`} disabled={disabled} onFiles={add} />
      </div>
      <p id={`${inputId}-hint`} className={styles.muted}>
        Up to {ATTACHMENT_LIMITS.maxFiles} files of 50 MB each: PDF, images, topography and OCT exports (DICOM, CSV,
        XML, ZIP), short videos. They are uploaded once the request is sent.
      </p>
    </section>
  );
}

/** The uploads after the request was stored: a progress bar per file, or why it failed. */
export function UploadProgressList({ uploads }: { uploads: readonly FileUpload[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul className={styles.fileList} aria-label="Uploads">
      {uploads.map((upload) => (
        <li key={upload.name} className={styles.fileItem}>
          <span className={styles.fileName}>{upload.name}</span>
          {upload.error ? (
            <span className={styles.error}>{upload.error}</span>
          ) : (
            <UploadProgress name={upload.name} progress={upload.progress} retrying={upload.retrying ?? false} />
          )}
        </li>
      ))}
    </ul>
  );
}
