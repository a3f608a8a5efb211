import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchItemMembers, memberKeys } from '../../api/member';
import { MembersList } from './MembersList';
import './members.css';

/**
 * The members of an archived project, read-only (issue 23 item 11): the server still lists them to its
 * managers but refuses every change, so nothing here offers one.
 */
export function ArchivedMembersList({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const members = useQuery({ queryKey: memberKeys.item(itemId), queryFn: ({ signal }) => fetchItemMembers(itemId, signal), staleTime: 0 });
  const roleLabels = [t('members.readOnly'), t('members.editor'), t('members.manager')];
  return (
    <div className="members-panel">
      <p className="dialog-muted">{t('members.archivedReadOnly')}</p>
      <MembersList
        members={members}
        controls={(member) => (
          <>
            <Tag>{roleLabels[member.member_group_id] ?? ''}</Tag>
            <span className="dialog-muted">{member.cat_ids.length > 0 ? member.cat_name : t('members.allCatalogs')}</span>
          </>
        )}
      />
    </div>
  );
}
