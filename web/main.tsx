import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { messagesReady } from './i18n';
import './styles.css';
import App from './App';
import { createQueryClient } from './api/query-client';
import { legacyAppPath } from './legacy-hash';
import { startReaderFetches } from './features/reader/early-fetch';
import { limitFirstPaint } from './features/reader/first-paint';

// Old ShowDoc links (`/web/#/123`, `/web/index.html#/123`) arrive here as `/#/123` or as they are;
// show them at their real path.
const legacyPath = legacyAppPath(window.location.pathname, window.location.hash);
if (legacyPath) window.history.replaceState(null, '', legacyPath);

const queryClient = createQueryClient();
// A shared page's answers and code start now, not one after another once React has rendered (issue 21).
startReaderFetches(queryClient, window.location.pathname);
limitFirstPaint();

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
