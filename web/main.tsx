import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import './styles.css';
import App from './App';
import { createQueryClient } from './api/query-client';
import { legacyHashPath } from './legacy-hash';

// Old ShowDoc links (`/web/#/123`) arrive here as `/#/123`; show them at their real path.
const legacyPath = legacyHashPath(window.location.hash);
if (legacyPath) window.history.replaceState(null, '', legacyPath);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={createQueryClient()} />
    </StrictMode>,
  );
}
