/** Files on an order or a consult: the lists, their upload, download and delete, and their errors. */
export { FileAttachments, formatFileSize, type FileAttachmentsProps } from './components/file-attachments';
export {
  OrderAttachments,
  toOrderAttachments,
  type OrderAttachment,
  type OrderAttachmentsProps,
} from './components/order-attachments';
export { LazyOrderAttachments } from './components/lazy-order-attachments';
export { ConsultAttachments, type ConsultAttachmentsProps } from './components/consult-attachments';
export { consultFilesTarget, orderFilesTarget, type AttachmentTarget } from './api/attachment-target';
export { uploadFile, contentTypeFor } from './api/upload-file';
export { useAttachedFiles, attachedFilesQueryOptions } from './api/list-files';
export { useDeleteFile, deleteFile } from './api/delete-file';
export { useDownloadFile, getDownloadUrl } from './api/generate-download-url';
export {
  AttachmentError,
  UPLOAD_URL_FAILED,
  DELETE_FAILED,
  DOWNLOAD_URL_FAILED,
  ATTACH_FAILED,
  uploadFailedMessage,
} from './api/attachment-errors';
