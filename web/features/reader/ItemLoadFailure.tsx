import { Navigate, useLocation } from 'react-router';
import { PageLayout } from '../../components/PageLayout';
import NotFound from '../../routes/NotFound';
import { accessOutcome } from './access';
import { useFirstPaintDone } from './first-paint';
import { RetryableFailure } from './LoadFailure';

/**
 * A whole screen whose project (`item/info`) could not be loaded: to the password or login screen with
 * the way back, "not found" for a project that is gone, otherwise the server's words and a retry.
 */
export function ItemLoadFailure({ error, itemRef, pageId = null, onRetry }: { error: Error; itemRef: string; pageId?: number | null; onRetry: () => void }) {
  const location = useLocation();
  // The password or login screen, or a failure, takes the place of the page the server drew.
  useFirstPaintDone();
  const outcome = accessOutcome(error, { itemRef, pageId, here: location.pathname + location.search });
  if (outcome.kind === 'redirect') return <Navigate to={outcome.to} replace />;
  if (outcome.kind === 'missing') return <NotFound />;
  return (
    <PageLayout>
      <RetryableFailure message={outcome.message} onRetry={onRetry} />
    </PageLayout>
  );
}
