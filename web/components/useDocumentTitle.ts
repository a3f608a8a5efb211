import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * `<screen> · Folio`, or just `Folio`; follows language switches. `null` leaves the tab to a screen inside
 * this one: React runs a parent's effects after its children's, so a parent that titles the tab in the
 * same commit as a child overwrites the child's title.
 */
export function useDocumentTitle(screen?: string | null): void {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    if (screen === null) return;
    document.title = screen ? `${screen} · ${appName}` : appName;
  }, [screen, appName]);
}
