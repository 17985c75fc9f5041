// The unstyled build: the default one also injects its CSS as a <style> element, which the CSP refuses.
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_CONTAINER_PROPS } from '../lib/notify';

/** The app's one toast container, loaded with the first message (lib/toasts-needed.ts). */
export default function AppToastContainer() {
  return <ToastContainer {...TOAST_CONTAINER_PROPS} />;
}
