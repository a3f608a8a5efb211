import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Collapse, Empty, Popconfirm, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { fetchMyItems, itemKeys } from '../api/item';
import { attachTeamItems, detachTeamItem, fetchTeamItems, teamKeys } from '../api/team';
import { PageLayout } from '../components/PageLayout';
import { RetryAlert } from '../components/RetryAlert';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { TeamItemAuthority } from '../features/team/TeamItemAuthority';
import { TeamPageHead } from '../features/team/TeamPageHead';
import { useTeam } from '../features/team/useTeam';
import { useTeamAction } from '../features/team/useTeamAction';
import { RequireLogin } from '../features/user/RequireLogin';
import '../features/team/teams.css';

/** `/team/item/:teamId` (seed 000 §2 "Teams"): the team's projects and each member's rights in them. */
export default function TeamItem() {
  return (
    <RequireLogin>
      <Items />
    </RequireLogin>
  );
}

function Items() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const teamId = Number(useParams().teamId);
  const { team, manage } = useTeam(teamId);
  useDocumentTitle(t('teams.itemsTitle'));
  const queryClient = useQueryClient();
  const run = useTeamAction();
  const key = teamKeys.items(teamId);
  const items = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchTeamItems(teamId, signal), staleTime: 0 });
  const mine = useQuery({ queryKey: itemKeys.picker('teamItems'), queryFn: ({ signal }) => fetchMyItems(0, signal), enabled: manage, staleTime: 0 });
  const [picked, setPicked] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: teamKeys.list() })]);
  const attached = new Set((items.data ?? []).map((i) => i.item_id));
  const pickOptions = (mine.data ?? []).filter((i) => i.manage === 1 && !attached.has(i.item_id)).map((i) => ({ value: i.item_id, label: i.item_name }));

  const add = async () => {
    if (picked.length === 0) {
      void message.warning(t('teams.pickRequired'));
      return;
    }
    setAdding(true);
    if (await run(() => attachTeamItems(teamId, picked), t('teams.itemsAdded'), refresh)) setPicked([]);
    setAdding(false);
  };

  return (
    <PageLayout mainClassName="teams-page">
      <TeamPageHead title={t('teams.itemsTitle')} teamName={team?.team_name} />
      {manage && (
        <form
          className="teams-add"
          aria-label={t('teams.addItems')}
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <Select<number[]>
            className="teams-add-name"
            mode="multiple"
            value={picked}
            onChange={setPicked}
            options={pickOptions}
            loading={mine.isPending}
            optionFilterProp="label"
            placeholder={t('teams.pickItems')}
            aria-label={t('teams.pickItems')}
            maxTagCount="responsive"
          />
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={adding}>
            {t('teams.addItems')}
          </Button>
        </form>
      )}
      {items.isPending ? (
        <div className="teams-loading" role="status" aria-label={t('app.loading')}>
          <Spin />
        </div>
      ) : items.isError ? (
        <RetryAlert message={items.error.message} onRetry={() => void items.refetch()} />
      ) : items.data.length === 0 ? (
        <Empty description={t('teams.itemsEmpty')} />
      ) : (
        <Collapse
          items={items.data.map((item) => {
            const itemId = item.item_id;
            return {
              key: item.id,
              label: (
                <span className="teams-name">
                  <Link to={`/${itemId}`} onClick={(event) => event.stopPropagation()}>
                    {item.item_name}
                  </Link>
                </span>
              ),
              extra: manage ? (
                <span onClick={(event) => event.stopPropagation()}>
                  <Popconfirm
                    title={t('teams.detachConfirm', { name: item.item_name })}
                    okText={t('teams.detach')}
                    cancelText={t('teams.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => run(() => detachTeamItem(item.id), t('teams.detached'), refresh)}
                  >
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('teams.detachLabel', { name: item.item_name })} />
                  </Popconfirm>
                </span>
              ) : undefined,
              children: <TeamItemAuthority teamId={teamId} itemId={itemId} manage={manage} />,
            };
          })}
        />
      )}
    </PageLayout>
  );
}
