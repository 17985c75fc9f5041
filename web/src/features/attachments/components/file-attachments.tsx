import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import {
  ATTACHMENT_LIMITS,
  attachmentCountMessage,
  attachmentProblem,
  safeFileName,
  type OrderFile,
} from '../../../../../core/schemas/attachments';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingLine } from '../../../components/ui/spinner';
import { UploadProgress } from '../../../components/ui/upload-progress';
import { attachmentErrorText, DELETE_FAILED, DOWNLOAD_URL_FAILED, UPLOAD_URL_FAILED } from '../api/attachment-errors';
import { attachmentKeys } from '../api/query-keys';
import type { AttachmentTarget } from '../api/attachment-target';
import { useDeleteFile } from '../api/delete-file';
import { useDownloadFile } from '../api/generate-download-url';
import { useAttachedFiles } from '../api/list-files';
import { contentTypeFor, uploadFile } from '../api/upload-file';
import styles from './file-attachments.module.css';
import { AttachmentFileInput } from '../../../components/ui/attachment-file-input';

export interface FileAttachmentsProps {
  /** Whose files, through which routes (orderFilesTarget, consultFilesTarget); the owner must exist. */
  target: AttachmentTarget;
  /** Uploads and deletes allowed. */
  editable?: boolean;
  /** The stored files whenever the list changes. */
  onChange?: (files: OrderFile[]) => void;
}

interface PendingUpload {
  id: number;
  name: string;
  size: number;
  /** 0-100 while uploading; null when refused before anything was sent. */
  progress: number | null;
  /** A failure that may pass was met: the upload waits, then tries again (spec 9). */
  retrying?: boolean;
  error?: string;
}

const KB = 1024;
const MB = KB * 1024;
export function formatFileSize(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / KB).toFixed(bytes < 10 * KB ? 1 : 0)} KB`;
  return `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0)} MB`;
}

let nextUploadId = 1;

/**
 * An order's or a consult's attachments (spec 3, 7): the stored files with download (and delete when
 * editable), and a file input with drag and drop that checks each file against the allowlist and limits
 * before it asks the server, then uploads each with its own progress bar.
 */
export function FileAttachments({ target, editable = false, onChange }: FileAttachmentsProps) {
  const hintId = useId();
  const inputId = useId();
  const queryClient = useQueryClient();
  const list = useAttachedFiles(target);
  const remove = useDeleteFile(target);
  const download = useDownloadFile(target);
  const { noun } = target;
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  // The latest callback without re-reporting the list each time the parent passes a new function.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const files = list.data;
  useEffect(() => {
    if (files) onChangeRef.current?.(files);
  }, [files]);

  const patch = (id: number, change: Partial<PendingUpload>) =>
    setUploads((all) => all.map((u) => (u.id === id ? { ...u, ...change } : u)));

  function addFiles(chosen: readonly File[]) {
    const stored = new Set((files ?? []).map((f) => f.filename));
    // Files already uploading count against the limit as well.
    let count = stored.size + uploads.filter((u) => u.progress !== null && !u.error).length;
    const added: PendingUpload[] = [];
    for (const file of chosen) {
      const id = nextUploadId++;
      const replaces = stored.has(safeFileName(file.name));
      const problem =
        attachmentProblem({ name: file.name, type: contentTypeFor(file), size: file.size }) ??
        (!replaces && count >= ATTACHMENT_LIMITS.maxFiles ? attachmentCountMessage(noun) : undefined);
      if (problem) {
        added.push({ id, name: file.name, size: file.size, progress: null, error: problem });
        continue;
      }
      if (!replaces) count += 1;
      added.push({ id, name: file.name, size: file.size, progress: 0 });
      uploadFile(target, file, (progress) => patch(id, { progress, retrying: false }), {
        onRetrying: () => patch(id, { retrying: true }),
      })
        .then(async ({ filename }) => {
          setUploads((all) => all.filter((u) => u.id !== id));
          setAnnouncement(`${filename} uploaded`);
          await queryClient.invalidateQueries({ queryKey: attachmentKeys.list(target) });
        })
        .catch((error: unknown) => patch(id, { error: attachmentErrorText(error, UPLOAD_URL_FAILED) }));
    }
    setUploads((all) => [...all, ...added]);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (editable) addFiles([...event.dataTransfer.files]);
  }

  async function confirmDelete() {
    if (!confirming) return;
    try {
      await remove.mutateAsync(confirming);
      setAnnouncement(`${confirming} deleted`);
      setConfirming(null);
      remove.reset();
    } catch {
      // Shown in the dialog from remove.error.
    }
  }

  const uploading = uploads.some((u) => u.progress !== null && !u.error);

  return (
    <section className={styles.attachments} aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className={styles.title}>
        Attachments
      </h3>

      {list.isPending ? (
        <LoadingLine className={styles.muted}>Loading files…</LoadingLine>
      ) : list.isError ? (
        <Alert tone="error" title={`The files of this ${noun} could not be loaded.`}>
          <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : files && files.length > 0 ? (
        <ul className={styles.files} aria-label="Attached files">
          {files.map((file) => (
            <li key={file.filename} className={styles.file}>
              <span className={styles.fileName}>{file.filename}</span>
              <span className={styles.meta}>
                {formatFileSize(file.size)} · {file.contentType}
              </span>
              <span className={styles.actions}>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Download ${file.filename}`}
                  loading={download.isPending && download.variables === file.filename}
                  onClick={() => download.mutate(file.filename)}
                >
                  Download
                </Button>
                {editable ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete ${file.filename}`}
                    onClick={() => setConfirming(file.filename)}
                  >
                    Delete
                  </Button>
                ) : null}
              </span>
              {/* Images show where they are listed (the lab reads a consult's photos beside its findings). */}
              {file.previewUrl ? (
                <span className={styles.preview}>
                  <img src={file.previewUrl} alt={`Preview of ${file.filename}`} />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>No files attached.</p>
      )}

      {download.isError ? <Alert tone="error">{attachmentErrorText(download.error, DOWNLOAD_URL_FAILED)}</Alert> : null}

      {uploads.length > 0 ? (
        <ul className={styles.uploads} aria-label="Uploads">
          {uploads.map((upload) => (
            <li key={upload.id} className={styles.upload}>
              <span className={styles.fileName}>{upload.name}</span>
              {upload.error ? (
                <>
                  <span className={styles.error} role="alert">
                    {upload.error}
                  </span>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Dismiss ${upload.name}`}
                    onClick={() => setUploads((all) => all.filter((u) => u.id !== upload.id))}
                  >
                    Dismiss
                  </Button>
                </>
              ) : (
                <UploadProgress name={upload.name} progress={upload.progress ?? 0} retrying={upload.retrying} />
              )}
            </li>
          ))}
        </ul>
      ) : null}

      {editable ? (
        <div
          className={`${styles.dropZone} ${dragging ? styles.dragging : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="attachment-drop-zone"
        >
          <label htmlFor={inputId} className={styles.chooseButton}>
            Add files
          </label>
          <AttachmentFileInput id={inputId} describedBy={hintId} onFiles={addFiles} />
          <span className={styles.dropText}>or drag files here</span>
          <p id={hintId} className={styles.hint}>
            PDF, images, topography and OCT exports (DICOM, CSV, XML, ZIP), short videos. Up to{' '}
            {formatFileSize(ATTACHMENT_LIMITS.maxBytes)} each, {ATTACHMENT_LIMITS.maxFiles} files per {noun}.
          </p>
        </div>
      ) : null}

      <p className="visually-hidden" role="status" aria-live="polite">
        {uploads.some((u) => u.retrying && !u.error)
          ? 'The connection dropped. Retrying the upload…'
          : uploading
            ? 'Uploading files…'
            : announcement}
      </p>

      {confirming ? (
        <ConfirmDialog
          title="Delete file?"
          confirmLabel="Delete file"
          busy={remove.isPending}
          error={remove.isError ? attachmentErrorText(remove.error, DELETE_FAILED) : null}
          onConfirm={() => void confirmDelete()}
          onCancel={() => {
            setConfirming(null);
            remove.reset();
          }}
        >
          <p>
            Delete <strong>{confirming}</strong> from this {noun}? This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
