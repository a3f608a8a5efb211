import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChangeLogEntry } from '../../api/changeLog';

/** An entry with the key React and the table need. */
export interface ChangeLogRow extends ChangeLogEntry {
  key: string;
}

interface ChangeLogEntriesProps {
  rows: ChangeLogRow[];
  /** Where the entry's object opens: a page that still exists, else null. */
  hrefOf: (entry: ChangeLogEntry) => string | null;
  /** Following a link leaves the dialog. */
  onFollow: () => void;
  /** Another page of the log is on its way. */
  loading: boolean;
}

// The server words the descriptions in the caller's language; its raw codes are the fallback.
const actionOf = (entry: ChangeLogEntry) => entry.op_action_type_desc || entry.op_action_type;
const objectTypeOf = (entry: ChangeLogEntry) => entry.op_object_type_desc || entry.op_object_type;

function ObjectName({ entry, href, onFollow }: { entry: ChangeLogEntry; href: string | null; onFollow: () => void }) {
  const name = entry.op_object_name || '—';
  return href ? (
    <Link to={href} onClick={onFollow}>
      {name}
    </Link>
  ) : (
    <span>{name}</span>
  );
}

/** Wide screens: one row per entry, one column per field. */
export function ChangeLogTable({ rows, hrefOf, onFollow, loading }: ChangeLogEntriesProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<ChangeLogRow> = [
    { key: 'time', title: t('changeLog.time'), dataIndex: 'optime', width: 170 },
    { key: 'user', title: t('changeLog.user'), dataIndex: 'oper' },
    { key: 'action', title: t('changeLog.action'), render: (_value, entry) => actionOf(entry) },
    { key: 'objectType', title: t('changeLog.objectType'), render: (_value, entry) => objectTypeOf(entry) },
    {
      key: 'objectName',
      title: t('changeLog.objectName'),
      className: 'change-log-name',
      render: (_value, entry) => <ObjectName entry={entry} href={hrefOf(entry)} onFollow={onFollow} />,
    },
  ];
  return <Table<ChangeLogRow> size="small" columns={columns} dataSource={rows} pagination={false} loading={loading} />;
}

/** Phones: each entry on two lines that wrap, so nothing scrolls sideways. */
export function ChangeLogList({ rows, hrefOf, onFollow, loading }: ChangeLogEntriesProps) {
  const { t } = useTranslation();
  return (
    <ol className="change-log-list" aria-label={t('changeLog.title')} aria-busy={loading}>
      {rows.map((entry) => (
        <li key={entry.key}>
          <div className="change-log-meta">
            <span>{entry.optime}</span>
            <span>{entry.oper}</span>
          </div>
          <div className="change-log-what">
            {actionOf(entry)} · {objectTypeOf(entry)} · <ObjectName entry={entry} href={hrefOf(entry)} onFollow={onFollow} />
          </div>
        </li>
      ))}
    </ol>
  );
}
