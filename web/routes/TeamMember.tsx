import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, AutoComplete, Button, Empty, Popconfirm, Select, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { fetchCollaborators, memberKeys } from '../api/member';
import { addTeamMember, fetchTeamMembers, removeTeamMember, setTeamMemberRole, teamKeys, type TeamRole } from '../api/team';
import { PageLayout } from '../components/PageLayout';
import { RetryAlert } from '../components/RetryAlert';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { TeamPageHead } from '../features/team/TeamPageHead';
import { useTeam } from '../features/team/useTeam';
import { useTeamAction } from '../features/team/useTeamAction';
import { RequireLogin } from '../features/user/RequireLogin';
import '../features/team/teams.css';

/** `/team/member/:teamId` (seed 000 §2 "Teams"): the team's people; managers add, set roles and remove. */
export default function TeamMember() {
  return (
    <RequireLogin>
      <Members />
    </RequireLogin>
  );
}

function Members() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const teamId = Number(useParams().teamId);
  const { team, manage } = useTeam(teamId);
  useDocumentTitle(t('teams.membersTitle'));
  const queryClient = useQueryClient();
  const run = useTeamAction();
  const key = teamKeys.members(teamId);
  const members = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchTeamMembers(teamId, signal), staleTime: 0 });
  const collaborators = useQuery({ queryKey: memberKeys.collaborators(), queryFn: ({ signal }) => fetchCollaborators(signal), enabled: manage, staleTime: 60_000 });
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<TeamRole>(1);
  const [adding, setAdding] = useState(false);
  const roleOptions: { value: TeamRole; label: string }[] = [
    { value: 1, label: t('teams.member') },
    { value: 2, label: t('teams.admin') },
  ];
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: teamKeys.list() })]);

  const add = async () => {
    const name = username.trim();
    if (name === '') {
      void message.warning(t('teams.usernameRequired'));
      return;
    }
    setAdding(true);
    if (await run(() => addTeamMember(teamId, name, role), t('teams.added', { name }), refresh)) setUsername('');
    setAdding(false);
  };
  const suggestions = (collaborators.data ?? []).filter((c) => c.username.toLowerCase().includes(username.trim().toLowerCase())).slice(0, 20).map((c) => ({ value: c.username }));

  return (
    <PageLayout mainClassName="teams-page">
      <TeamPageHead title={t('teams.membersTitle')} teamName={team?.team_name} />
      {manage && (
        <form
          className="teams-add"
          aria-label={t('teams.add')}
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <AutoComplete className="teams-add-name" value={username} onChange={setUsername} options={suggestions} aria-label={t('teams.username')} placeholder={t('teams.usernamePlaceholder')} />
          <Select<TeamRole> className="teams-add-role" value={role} onChange={setRole} options={roleOptions} aria-label={t('teams.role')} />
          <Button type="primary" htmlType="submit" icon={<UserAddOutlined />} loading={adding}>
            {t('teams.add')}
          </Button>
        </form>
      )}
      {members.isPending ? (
        <div className="teams-loading" role="status" aria-label={t('app.loading')}>
          <Spin />
        </div>
      ) : members.isError ? (
        <RetryAlert message={members.error.message} onRetry={() => void members.refetch()} />
      ) : members.data.length === 0 ? (
        <Empty description={t('teams.membersEmpty')} />
      ) : (
        <ul className="teams-list" aria-label={t('teams.members')}>
          {members.data.map((member) => {
            const id = member.id;
            const name = member.name ? `${member.name} (${member.member_username})` : member.member_username;
            const group = (member.team_member_group_id === 2 ? 2 : 1) as TeamRole;
            return (
              <li key={id}>
                <span className="teams-name">
                  <strong>{name}</strong>
                  <span className="dialog-muted">{t('teams.since', { time: member.addtime })}</span>
                </span>
                {manage ? (
                  <>
                    <Select<TeamRole>
                      className="teams-role"
                      value={group}
                      options={roleOptions}
                      onChange={(value) => void run(() => setTeamMemberRole(teamId, id, value), t('teams.saved'), refresh)}
                      aria-label={t('teams.roleOf', { name: member.member_username })}
                    />
                    <Popconfirm
                      title={t('teams.removeConfirm', { name: member.member_username })}
                      okText={t('teams.remove')}
                      cancelText={t('teams.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => run(() => removeTeamMember(id), t('teams.removed', { name: member.member_username }), refresh)}
                    >
                      <Button danger icon={<DeleteOutlined />} aria-label={t('teams.removeLabel', { name: member.member_username })} />
                    </Popconfirm>
                  </>
                ) : (
                  <Tag>{group === 2 ? t('teams.admin') : t('teams.member')}</Tag>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </PageLayout>
  );
}
