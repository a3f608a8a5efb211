import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemMember } from '../../api/member';
import { RetryAlert } from '../../components/RetryAlert';

/**
 * A project's member list while it loads, after it failed, empty, or one row per member: each row starts
 * with the member's name and since when, and `controls` adds what the screen offers (role and catalog
 * pickers to a manager, only labels when the project is archived).
 */
export function MembersList({ members, controls }: { members: UseQueryResult<ItemMember[]>; controls: (member: ItemMember) => ReactNode }) {
  const { t } = useTranslation();
  if (members.isPending) {
    return (
      <div className="reader-dialog-loading">
        <Spin />
      </div>
    );
  }
  if (members.isError) return <RetryAlert message={members.error.message} onRetry={() => void members.refetch()} />;
  if (members.data.length === 0) return <Empty description={t('members.empty')} />;
  return (
    <ul className="members-list" aria-label={t('members.listLabel')}>
      {members.data.map((member) => (
        <li key={member.item_member_id}>
          <span className="members-name">
            <strong>{member.name ? `${member.name} (${member.username})` : member.username}</strong>
            <span className="dialog-muted">{t('members.since', { time: member.addtime })}</span>
          </span>
          {controls(member)}
        </li>
      ))}
    </ul>
  );
}
