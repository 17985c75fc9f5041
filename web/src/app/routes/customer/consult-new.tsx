import { attachmentProblem } from '../../../../../core/schemas/attachments';
import { AccountInView } from '../../../components/account-in-view';
import {
  AttachmentError,
  consultFilesTarget,
  contentTypeFor,
  UPLOAD_URL_FAILED,
  uploadFile,
} from '../../../features/attachments';
import { type ConsultFileUploads, NewConsultPage } from '../../../features/consults';

/** The request form's files go through the attachments feature: its checks, its upload with progress. */
const consultFileUploads: ConsultFileUploads = {
  problem: (file) => attachmentProblem({ name: file.name, type: contentTypeFor(file), size: file.size }),
  upload: (consultId, file, { onProgress, onRetrying }) =>
    uploadFile(consultFilesTarget(consultId), file, onProgress, { onRetrying }),
  failureText: (error) => (error instanceof AttachmentError ? error.userMessage : UPLOAD_URL_FAILED),
};

/** /customer/consults/new: a consult request for the account chosen in the sidebar. */
export default function CustomerConsultNewRoute() {
  return (
    <AccountInView title="Ask a Consultant" loading="Loading…">
      {/* Keyed by account: a request started for one account is not sent for another after a switch. */}
      {(account) => <NewConsultPage key={account} accountNumber={account} uploads={consultFileUploads} />}
    </AccountInView>
  );
}
