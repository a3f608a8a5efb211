import { useTranslation } from 'react-i18next';
import { useHomePageSetting } from './queries';

/**
 * The ICP filing text mainland Chinese sites must show on their public screens (site setting `beian`),
 * linked to the registry that issued it. Nothing when the site has none.
 */
export function BeianLink({ beian }: { beian: string }) {
  const { t } = useTranslation();
  if (!beian) return null;
  return (
    <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer" title={t('site.beianTitle')}>
      {beian}
    </a>
  );
}

/** The footer of the sign-in screens: the filing text, when the site has one. */
export function BeianFooter() {
  const beian = useHomePageSetting().data?.beian ?? '';
  if (!beian) return null;
  return (
    <footer className="landing-footer">
      <BeianLink beian={beian} />
    </footer>
  );
}
