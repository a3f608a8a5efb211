import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, AutoComplete, Button, Popconfirm, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addItemMember, fetchItemMembers, memberKeys, removeItemMember, updateItemMember, type ItemMember, type MemberRole } from '../../api/member';
import { findPeople, userKeys } from '../../api/user';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useCurrentUser } from '../user/current-user';
import { catalogTreeQuery } from '../catalog/queries';
import { MembersList } from './MembersList';
import './members.css';

const ROLES: MemberRole[] = [0, 1, 2];

export interface ItemMembersPanelProps {
  itemId: number;
  /** After a member was added, changed or removed. */
  onChanged: () => void;
}

/**
 * The project's members (seed 000 §2 "Item member dialog"): add people as read-only, editor or manager,
 * optionally limited to top-level catalogs; change either on the spot (saved at once); remove. The same
 * body serves the dialog and the members tab of the settings page.
 */
export function ItemMembersPanel({ itemId, onChanged }: ItemMembersPanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = memberKeys.item(itemId);
  const members = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchItemMembers(itemId, signal), staleTime: 0 });
  const tree = useQuery(catalogTreeQuery(itemId));
  const catalogOptions = useMemo(() => (tree.data ?? []).map((c) => ({ value: c.cat_id, label: c.cat_name })), [tree.data]);
  const roleLabels = [t('members.readOnly'), t('members.editor'), t('members.manager')];
  const roleOptions = ROLES.map((role) => ({ value: role, label: roleLabels[role] }));

  const [username, setUsername] = useState('');
  const [role, setRole] = useState<MemberRole>(0);
  const [catIds, setCatIds] = useState<number[]>([]);
  // Asked as the user types (after a short pause): the server suggests people the user already works
  // with, or the one account named exactly, never the site's whole list of accounts.
  const typed = useDebouncedValue(username.trim(), 200);
  const me = useCurrentUser().data;
  const people = useQuery({ queryKey: userKeys.people(typed), queryFn: ({ signal }) => findPeople(typed, signal), staleTime: 60_000 });

  const changed = async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    onChanged();
  };
  const fail = (error: unknown) => void message.error(error instanceof Error ? error.message : String(error));

  const adding = useMutation({
    mutationFn: (name: string) => addItemMember(itemId, name, role, catIds),
    // Awaited, so the button keeps spinning until the list shows the new member.
    onSuccess: async (_id, name) => {
      void message.success(t('members.added', { name }));
      setUsername('');
      setCatIds([]);
      await changed();
    },
    onError: fail,
  });
  const add = () => {
    if (username.trim() === '') {
      void message.warning(t('members.usernameRequired'));
      return;
    }
    adding.mutate(username.trim());
  };

  const update = async (member: ItemMember, change: { role?: MemberRole; catIds?: number[] }) => {
    try {
      await updateItemMember(itemId, member.item_member_id, change);
      void message.success(t('members.saved'));
      await changed();
    } catch (error) {
      fail(error);
    }
  };

  const remove = async (member: ItemMember) => {
    try {
      await removeItemMember(itemId, member.item_member_id);
      void message.success(t('members.removed', { name: member.username }));
      await changed();
    } catch (error) {
      fail(error);
    }
  };

  // Nobody is offered who is already a member, nor the user themselves.
  const memberUids = new Set([...(members.data ?? []).map((m) => m.uid), me?.uid ?? 0]);
  const suggestions = (people.data ?? [])
    .filter((person) => !memberUids.has(person.uid))
    .slice(0, 20)
    .map((person) => ({ value: person.username, label: person.name && person.name !== person.username ? `${person.name} (${person.username})` : person.username }));

  return (
    <div className="members-panel">
    <form
      className="members-add"
      aria-label={t('members.addTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
    >
      <AutoComplete className="members-add-name" value={username} onChange={setUsername} options={suggestions} aria-label={t('members.username')} placeholder={t('members.usernamePlaceholder')} />
      <Select<MemberRole> className="members-add-role" value={role} onChange={setRole} options={roleOptions} aria-label={t('members.role')} />
      <Select<number[]>
        className="members-add-catalogs"
        mode="multiple"
        value={catIds}
        onChange={setCatIds}
        options={catalogOptions}
        placeholder={t('members.allCatalogs')}
        aria-label={t('members.catalogs')}
        maxTagCount="responsive"
      />
      <Button type="primary" htmlType="submit" icon={<UserAddOutlined />} loading={adding.isPending}>
        {t('members.add')}
      </Button>
    </form>
    <p className="dialog-muted">{t('members.intro')}</p>
    <MembersList
      members={members}
      controls={(member) => (
        <>
          <Select<MemberRole>
            className="members-role"
            value={member.member_group_id as MemberRole}
            options={roleOptions}
            onChange={(value) => void update(member, { role: value })}
            aria-label={t('members.roleOf', { name: member.username })}
          />
          <Select<number[]>
            className="members-catalogs"
            mode="multiple"
            value={member.cat_ids}
            options={catalogOptions}
            placeholder={t('members.allCatalogs')}
            onChange={(value) => void update(member, { catIds: value })}
            aria-label={t('members.catalogsOf', { name: member.username })}
            maxTagCount="responsive"
          />
          <Popconfirm
            title={t('members.removeConfirm', { name: member.username })}
            okText={t('members.remove')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(member)}
          >
            <Button danger icon={<DeleteOutlined />} aria-label={t('members.removeLabel', { name: member.username })} />
          </Popconfirm>
        </>
      )}
    />
    </div>
  );
}
