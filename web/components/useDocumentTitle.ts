import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** `<screen> · Folio`, or just `Folio`; follows language switches. */
export function useDocumentTitle(screen?: string): void {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    document.title = screen ? `${screen} · ${appName}` : appName;
  }, [screen, appName]);
}
