import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { messagesReady } from './i18n';
import './styles.css';
import App from './App';
import { createQueryClient } from './api/query-client';
import { legacyAppPath } from './legacy-hash';

// Old ShowDoc links (`/web/#/123`, `/web/index.html#/123`) arrive here as `/#/123` or as they are;
// show them at their real path.
const legacyPath = legacyAppPath(window.location.pathname, window.location.hash);
if (legacyPath) window.history.replaceState(null, '', legacyPath);

const queryClient = createQueryClient();
// The early reader fetches (features/reader/early-fetch.ts, issue 21) stay off for now: with them the tab
// title sometimes kept the project's name instead of the page's (e2e/xss.spec.ts D8 failed 2 runs in 3),
// a race not yet understood.

const root = document.getElementById('root');
// The interface language's texts are a chunk of their own, fetched alongside the reader's (issue 21).
if (root) {
  void messagesReady.then(() =>
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}
