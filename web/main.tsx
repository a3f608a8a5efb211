import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import './styles.css';
import App from './App';
import { createQueryClient } from './api/query-client';
import { legacyAppPath } from './legacy-hash';

// Old ShowDoc links (`/web/#/123`, `/web/index.html#/123`) arrive here as `/#/123` or as they are;
// show them at their real path.
const legacyPath = legacyAppPath(window.location.pathname, window.location.hash);
if (legacyPath) window.history.replaceState(null, '', legacyPath);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={createQueryClient()} />
    </StrictMode>,
  );
}
