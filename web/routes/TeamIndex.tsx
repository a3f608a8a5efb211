import { DeleteOutlined, EditOutlined, LogoutOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Popconfirm, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { deleteTeam, fetchTeams, leaveTeam, saveTeam, teamKeys, transferTeam, type Team } from '../api/team';
import { PageLayout } from '../components/PageLayout';
import { RetryAlert } from '../components/RetryAlert';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { TeamNameDialog } from '../features/team/TeamNameDialog';
import { TeamTransferDialog } from '../features/team/TeamTransferDialog';
import { useTeamAction } from '../features/team/useTeamAction';
import { RequireLogin } from '../features/user/RequireLogin';
import '../features/team/teams.css';


type Dialog = { kind: 'create' } | { kind: 'rename'; team: Team } | { kind: 'transfer'; team: Team } | null;

/** `/team/index` (seed 000 §2 "Teams"): my teams, with their counts and what I may do with each. */
export default function TeamIndex() {
  return (
    <RequireLogin>
      <Teams />
    </RequireLogin>
  );
}

function Teams() {
  const { t } = useTranslation();
  useDocumentTitle(t('teams.title'));
  const queryClient = useQueryClient();
  const run = useTeamAction();
  const teams = useQuery({ queryKey: teamKeys.list(), queryFn: ({ signal }) => fetchTeams(signal), staleTime: 0 });
  const [dialog, setDialog] = useState<Dialog>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamKeys.list() });

  let body;
  if (teams.isPending)
    body = (
      <div className="teams-loading" role="status" aria-label={t('app.loading')}>
        <Spin />
      </div>
    );
  else if (teams.isError) body = <RetryAlert message={teams.error.message} onRetry={() => void teams.refetch()} />;
  else if (teams.data.length === 0) body = <Empty description={t('teams.empty')} />;
  else
    body = (
      <ul className="teams-list" aria-label={t('teams.listLabel')}>
        {teams.data.map((team) => {
          const id = team.id;
          const manage = team.team_manage > 0;
          return (
            <li key={id}>
              <span className="teams-name">
                <strong>{team.team_name}</strong>
                <span className="dialog-muted">{t('teams.counts', { members: team.memberCount, items: team.itemCount })}</span>
                <span className="dialog-muted">{t('teams.owner', { name: team.username })}</span>
              </span>
              <span className="teams-actions">
                <Link to={`/team/member/${id}`}>{t('teams.members')}</Link>
                <Link to={`/team/item/${id}`}>{t('teams.projects')}</Link>
                {manage ? (
                  <>
                    <Button size="small" icon={<EditOutlined />} onClick={() => setDialog({ kind: 'rename', team })}>
                      {t('teams.rename')}
                    </Button>
                    <Button size="small" icon={<SwapOutlined />} onClick={() => setDialog({ kind: 'transfer', team })}>
                      {t('teams.transfer')}
                    </Button>
                    <Popconfirm
                      title={t('teams.deleteConfirm', { name: team.team_name })}
                      okText={t('teams.delete')}
                      cancelText={t('teams.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => run(() => deleteTeam(id), t('teams.deleted'), refresh)}
                    >
                      <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('teams.deleteLabel', { name: team.team_name })}>
                        {t('teams.delete')}
                      </Button>
                    </Popconfirm>
                  </>
                ) : (
                  <Popconfirm
                    title={t('teams.leaveConfirm', { name: team.team_name })}
                    okText={t('teams.leave')}
                    cancelText={t('teams.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => run(() => leaveTeam(id), t('teams.left'), refresh)}
                  >
                    <Button size="small" icon={<LogoutOutlined />} aria-label={t('teams.leaveLabel', { name: team.team_name })}>
                      {t('teams.leave')}
                    </Button>
                  </Popconfirm>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    );

  return (
    <PageLayout mainClassName="teams-page">
      <div className="teams-head">
        <h1 className="teams-title">{t('teams.title')}</h1>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
          {t('teams.create')}
        </Button>
      </div>
      <p className="dialog-muted">{t('teams.intro')}</p>
      {body}
      {dialog?.kind === 'create' && <TeamNameDialog open onClose={() => setDialog(null)} onSubmit={(name) => run(() => saveTeam(name), t('teams.created'), refresh)} />}
      {dialog?.kind === 'rename' && (
        <TeamNameDialog
          open
          initial={dialog.team.team_name}
          onClose={() => setDialog(null)}
          onSubmit={(name) => run(() => saveTeam(name, dialog.team.id), t('teams.saved'), refresh)}
        />
      )}
      {dialog?.kind === 'transfer' && (
        <TeamTransferDialog
          open
          teamName={dialog.team.team_name}
          onClose={() => setDialog(null)}
          onSubmit={(username, password) => run(() => transferTeam(dialog.team.id, username, password), t('teams.transferred'), refresh)}
        />
      )}
    </PageLayout>
  );
}
