import { ATTACHMENT_ACCEPT } from '../../../../core/schemas/attachments';

/**
 * The visually hidden file input behind a "choose files" label: several files of the kinds attachments may
 * be. The chosen files are handed on and the input cleared, so the same file can be chosen again (after a
 * failure, or after removing it).
 */
export function AttachmentFileInput({
  id,
  describedBy,
  disabled,
  onFiles,
}: {
  id: string;
  describedBy: string;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}) {
  return (
    <input
      id={id}
      type="file"
      multiple
      accept={ATTACHMENT_ACCEPT}
      {...(disabled !== undefined ? { disabled } : {})}
      className="visually-hidden"
      aria-describedby={describedBy}
      onChange={(event) => {
        onFiles([...(event.target.files ?? [])]);
        event.target.value = '';
      }}
    />
  );
}
