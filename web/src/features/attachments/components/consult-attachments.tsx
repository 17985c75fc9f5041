import { useMemo } from 'react';
import { consultFilesTarget } from '../api/attachment-target';
import { FileAttachments } from './file-attachments';

export interface ConsultAttachmentsProps {
  /** The consult must be stored: files are attached after it is sent. */
  consultId: string;
  /**
   * Uploads and deletes offered: the practice's own consult while the lab has not answered it. The server
   * holds the same rule; the lab's pages pass false (the lab reads a consult's files, never changes them).
   */
  canChange: boolean;
}

/** A consult's photos, OCT and topography, with the order attachments' limits, progress and messages. */
export function ConsultAttachments({ consultId, canChange }: ConsultAttachmentsProps) {
  const target = useMemo(() => consultFilesTarget(consultId), [consultId]);
  return <FileAttachments target={target} editable={canChange} />;
}
