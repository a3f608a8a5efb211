import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Select, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTeamItemMembers, teamKeys, updateTeamItemMember, type TeamItemRole } from '../../api/team';
import { RetryAlert } from '../../components/RetryAlert';
import { catalogTreeQuery } from '../catalog/queries';
import { useTeamAction } from './useTeamAction';

const ROLES: TeamItemRole[] = [0, 1, 2];

/** Each team member's rights in one project of the team: role and catalogs, saved on change. */
export function TeamItemAuthority({ teamId, itemId, manage }: { teamId: number; itemId: number; manage: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const run = useTeamAction();
  const key = teamKeys.itemMembers(teamId, itemId);
  const members = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchTeamItemMembers(teamId, itemId, signal), staleTime: 0 });
  const tree = useQuery({ ...catalogTreeQuery(itemId), enabled: manage });
  const catalogOptions = useMemo(() => (tree.data ?? []).map((c) => ({ value: c.cat_id, label: c.cat_name })), [tree.data]);
  const labels = [t('teams.readOnly'), t('teams.editor'), t('teams.manager')];
  const roleOptions = ROLES.map((role) => ({ value: role, label: labels[role] }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  if (members.isPending)
    return (
      <div className="teams-loading" role="status" aria-label={t('app.loading')}>
        <Spin />
      </div>
    );
  if (members.isError) return <RetryAlert message={members.error.message} onRetry={() => void members.refetch()} />;
  if (members.data.length === 0) return <Empty description={t('teams.authorityEmpty')} />;
  return (
    <ul className="teams-list" aria-label={t('teams.authority')}>
      {members.data.map((member) => {
        const id = member.id;
        const name = member.name ? `${member.name} (${member.member_username})` : member.member_username;
        const role = Math.min(2, Math.max(0, member.member_group_id)) as TeamItemRole;
        return (
          <li key={id}>
            <span className="teams-name">
              <strong>{name}</strong>
            </span>
            <Select<TeamItemRole>
              className="teams-role"
              value={role}
              options={roleOptions}
              disabled={!manage}
              onChange={(value) => void run(() => updateTeamItemMember(id, { role: value }), t('teams.saved'), refresh)}
              aria-label={t('teams.itemRoleOf', { name: member.member_username })}
            />
            <Select<number[]>
              className="teams-catalogs"
              mode="multiple"
              value={member.cat_ids}
              options={manage ? catalogOptions : member.cat_ids.map((c) => ({ value: c, label: member.cat_name || String(c) }))}
              disabled={!manage}
              placeholder={t('teams.allCatalogs')}
              onChange={(value) => void run(() => updateTeamItemMember(id, { catIds: value }), t('teams.saved'), refresh)}
              aria-label={t('teams.catalogsOf', { name: member.member_username })}
              maxTagCount="responsive"
            />
          </li>
        );
      })}
    </ul>
  );
}
