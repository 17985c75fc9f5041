import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './app/app';
import { FullPageError } from './components/full-page-error';
import { configureAmplify } from './lib/amplify';
import { loadRuntimeConfig } from './lib/runtime-config';

const root = createRoot(document.getElementById('root')!);

// The runtime config comes first: without it there is no API, no user pool, nothing to show.
loadRuntimeConfig()
  .then((config) => {
    configureAmplify(config);
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error('[lenslab] Start-up failed', error);
    root.render(
      <FullPageError title="The portal cannot start" details={error instanceof Error ? error.message : String(error)}>
        <p>
          Its configuration could not be loaded. Please try again in a moment; if this keeps happening, contact the lab.
        </p>
      </FullPageError>,
    );
  });
