import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Logo and product name, linking home (the project list for someone logged in). */
export function Brand({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="brand" aria-label={t('app.home')}>
      <svg className="brand-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M10 8h9l5 5v11a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2V10a2 2 0 0 1 2-2z" fill="#fff" />
        <path d="M19 8v5h5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        <path d="M11.5 17h9M11.5 21h6" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <span className="brand-name">{t('app.name')}</span>
    </Link>
  );
}
