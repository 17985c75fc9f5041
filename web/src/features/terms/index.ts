export { acceptTerms } from './api/accept-terms';
export { TermsPanel } from './components/terms-panel';
