import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The back link and title of a team's sub-screen. */
export function TeamPageHead({ title, teamName }: { title: string; teamName?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Link to="/team/index">
        <ArrowLeftOutlined /> {t('teams.back')}
      </Link>
      <h1 className="teams-title">{teamName ? `${teamName} · ${title}` : title}</h1>
    </>
  );
}
