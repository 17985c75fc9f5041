/** The terms and conditions and their acceptance. */
export { TermsPanel } from './components/terms-panel';
export { acceptTerms } from './api/accept-terms';
