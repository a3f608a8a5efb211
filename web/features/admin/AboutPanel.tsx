import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { aboutKey, fetchAbout, fetchUpdateCheck, updateCheckKey, type UpdateCheck } from '../../api/admin';
import { RetryAlert } from '../../components/RetryAlert';
import { AdminPanel } from './AdminPanel';
import { QueryState } from './QueryState';

const BYTES_PER_MB = 1024 * 1024;

/** About (seed 001 §2): what runs here, how big it is, and whether a newer version exists. */
export function AboutPanel() {
  const { t } = useTranslation();
  const about = useQuery({ queryKey: aboutKey, queryFn: ({ signal }) => fetchAbout(signal), staleTime: 0 });
  const mb = (bytes: number) => t('admin.about.mb', { size: (bytes / BYTES_PER_MB).toFixed(2) });
  const uptime = (seconds: number) => {
    const days = Math.floor(seconds / 86_400);
    const hours = Math.floor((seconds % 86_400) / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    return t('admin.about.uptimeValue', { days, hours, minutes });
  };

  return (
    <AdminPanel id="about" title={t('admin.tabs.about')}>
      <UpdateStatus />
      <QueryState query={about}>
        {(data) => (
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            { key: 'version', label: t('admin.about.version'), children: data.version },
            { key: 'node', label: t('admin.about.node'), children: data.node_version },
            {
              key: 'db',
              label: t('admin.about.database'),
              children: t('admin.about.databaseValue', { kind: data.database === 'postgres' ? 'PostgreSQL' : 'SQLite', size: mb(data.database_bytes) }),
            },
            {
              key: 'storage',
              label: t('admin.about.storage'),
              children: t('admin.about.storageValue', {
                kind: data.storage === 's3' ? t('admin.about.storageS3') : t('admin.about.storageLocal'),
                where: data.storage_location,
                size: mb(data.storage_bytes),
              }),
            },
            { key: 'uptime', label: t('admin.about.uptime'), children: uptime(data.uptime_seconds) },
            {
              key: 'counts',
              label: t('admin.about.counts'),
              children: t('admin.about.countsValue', { users: data.users, items: data.items, pages: data.pages }),
            },
            {
              key: 'docs',
              label: t('admin.about.docs'),
              children: (
                <a href={data.docs_url} target="_blank" rel="noopener noreferrer">
                  {data.docs_url}
                </a>
              ),
            },
          ]}
        />
        )}
      </QueryState>
    </AdminPanel>
  );
}

/** The read-only version check: Folio never downloads or replaces its own code. */
function UpdateStatus() {
  const { t } = useTranslation();
  const check = useQuery({ queryKey: updateCheckKey, queryFn: ({ signal }) => fetchUpdateCheck(signal), staleTime: 0 });
  if (check.isError) return <RetryAlert className="admin-gap" message={check.error.message} onRetry={() => void check.refetch()} />;
  if (!check.data) {
    return (
      <p className="admin-muted" role="status">
        {t('admin.about.checking')}
      </p>
    );
  }
  return <Alert className="admin-gap" showIcon {...updateAlert(check.data, t)} action={<Button size="small" onClick={() => void check.refetch()}>{t('admin.about.checkAgain')}</Button>} />;
}

function updateAlert(check: UpdateCheck, t: TFunction) {
  // The server's own words say the same as the title here; shown once, in the reader's language.
  if (check.source_configured !== 1) return { type: 'info' as const, title: t('admin.about.noSource') };
  if (check.new_version) {
    return {
      type: 'warning' as const,
      title: t('admin.about.newVersion', { version: check.new_version }),
      description: check.url ? (
        <a href={check.url} target="_blank" rel="noopener noreferrer">
          {check.url}
        </a>
      ) : (
        check.message || undefined
      ),
    };
  }
  return { type: 'success' as const, title: t('admin.about.upToDate', { version: check.version }), description: check.message || undefined };
}
