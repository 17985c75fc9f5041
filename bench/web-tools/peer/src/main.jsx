// The peer of the portal's sign-in page: a stock Vite + React app whose every path, /auth/login included,
// renders Amplify UI's <Authenticator> (docs: ui.docs.amplify.aws, "Authenticator"), configured the stock way
// from an outputs file bundled at build time.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Amplify } from 'aws-amplify';
import { Authenticator } from '@aws-amplify/ui-react';
import '@aws-amplify/ui-react/styles.css';
import outputs from './amplify_outputs.json';

Amplify.configure(outputs);

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <Authenticator>
      {({ signOut, user }) => (
        <main>
          <p>Signed in as {user?.signInDetails?.loginId}</p>
          <button onClick={signOut}>Sign out</button>
        </main>
      )}
    </Authenticator>
  </StrictMode>,
);
