/** Consults: the public virtual consultant, a practice's consult pages and the lab's queue, review and settings. */
export { ConsultantLayout } from './components/consultant-layout';
export { ConsultantOverview } from './components/consultant-overview';
export { Troubleshooter } from './components/troubleshooter';
export { AskConsultant } from './components/ask-consultant';
export { ConsultsListPage } from './customer/consults-list-page';
export { NewConsultPage } from './customer/new-consult-page';
export { type ConsultFileUploads } from './customer/consult-files-field';
export { ConsultDetailPage } from './customer/consult-detail-page';
export { ConsultQueue } from './lab/consult-queue';
export { ConsultReview } from './lab/consult-review';
export { ConsultantSettingsForm } from './lab/consultant-settings-form';
export { useConsultantSettingsSetup, useUpdateConsultantSettings } from './api/consultant-settings';
