import { DeleteOutlined, EyeOutlined, PlusOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { App, Button, Empty, Modal, Popconfirm, Spin, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteTemplate, fetchItemTemplates, fetchMyTemplates, isMyTemplate, templateKeys, type MyTemplate, type PageTemplate } from '../../api/template';
import { RetryAlert } from '../../components/RetryAlert';
import { MarkdownView } from '../reader/markdown/MarkdownView';
import { useMarkdownRenderer } from '../reader/markdown/render';
import { useIsMobile } from '../reader/useIsMobile';
import { ShareTemplateDialog } from './ShareTemplateDialog';
import './templates.css';

export interface TemplateDialogProps {
  open: boolean;
  itemId: number;
  onClose(): void;
  onInsert(content: string): void;
}

/** "More templates" (seed 001 §2): my templates and the ones shared into this project; preview, insert, delete, share. */
export default function TemplateDialog({ open, itemId, onClose, onInsert }: TemplateDialogProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [tab, setTab] = useState<'mine' | 'item'>('mine');
  const mine = useQuery({ queryKey: templateKeys.mine(), queryFn: ({ signal }) => fetchMyTemplates(signal), enabled: open, staleTime: 0 });
  const shared = useQuery({ queryKey: templateKeys.item(itemId), queryFn: ({ signal }) => fetchItemTemplates(itemId, signal), enabled: open && tab === 'item', staleTime: 0 });
  return (
    <Modal
      open={open}
      title={t('templates.title')}
      onCancel={onClose}
      destroyOnHidden
      width={mobile ? undefined : 760}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('itemDialog.close')}
        </Button>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key === 'item' ? 'item' : 'mine')}
        items={[
          { key: 'mine', label: t('templates.mine'), children: <TemplateList query={mine} own onInsert={onInsert} empty={t('templates.emptyMine')} /> },
          { key: 'item', label: t('templates.project'), children: <TemplateList query={shared} own={false} onInsert={onInsert} empty={t('templates.emptyProject')} /> },
        ]}
      />
    </Modal>
  );
}

interface TemplateListProps {
  query: UseQueryResult<PageTemplate[]>;
  own: boolean;
  empty: string;
  onInsert(content: string): void;
}

function TemplateList({ query, own, empty, onInsert }: TemplateListProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [sharing, setSharing] = useState<MyTemplate | null>(null);
  const previewed = query.data?.find((row) => row.id === previewId);
  const render = useMarkdownRenderer();
  const rendered = useMemo(() => (previewed ? render(previewed.template_content) : null), [previewed, render]);

  if (query.isPending) {
    return (
      <div className="reader-dialog-loading" role="status" aria-label={t('app.loading')}>
        <Spin />
      </div>
    );
  }
  if (query.isError) return <RetryAlert message={query.error.message} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <Empty description={empty} />;

  const remove = async (row: PageTemplate) => {
    try {
      await deleteTemplate(row.id);
      void message.success(t('templates.deleted', { title: row.template_title }));
      await queryClient.invalidateQueries({ queryKey: templateKeys.all() });
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <>
      <ul className="template-list" aria-label={own ? t('templates.mine') : t('templates.project')}>
        {query.data.map((row) => {
          const { id } = row;
          const shares = isMyTemplate(row) ? row.share_item_count : 0;
          return (
            <li key={id}>
              <div className="template-row">
                <span className="template-name">
                  <strong>{row.template_title}</strong>
                  <span className="dialog-muted">
                    {row.addtime}
                    {own && shares > 0 ? ` · ${t('templates.sharedCount', { count: shares })}` : ''}
                    {!own && row.username ? ` · ${row.username}` : ''}
                  </span>
                </span>
                <span className="template-actions">
                  <Button size="small" icon={<EyeOutlined />} aria-expanded={previewId === id} aria-label={t('templates.previewLabel', { title: row.template_title })} onClick={() => setPreviewId(previewId === id ? null : id)}>
                    {t('templates.preview')}
                  </Button>
                  <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => onInsert(row.template_content)} aria-label={t('templates.insertLabel', { title: row.template_title })}>
                    {t('templates.insert')}
                  </Button>
                  {own && isMyTemplate(row) && (
                    <>
                      <Button size="small" icon={<ShareAltOutlined />} onClick={() => setSharing(row)} aria-label={t('templates.shareLabel', { title: row.template_title })} />
                      <Popconfirm title={t('templates.deleteConfirm', { title: row.template_title })} okText={t('templates.delete')} okButtonProps={{ danger: true }} onConfirm={() => remove(row)}>
                        <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('templates.deleteLabel', { title: row.template_title })} />
                      </Popconfirm>
                    </>
                  )}
                </span>
              </div>
              {previewId === id && rendered && (
                <section className="template-preview" aria-label={t('templates.previewOf', { title: row.template_title })}>
                  <MarkdownView rendered={rendered} className="reader-page-body" />
                </section>
              )}
            </li>
          );
        })}
      </ul>
      {sharing && <ShareTemplateDialog template={sharing} onClose={() => setSharing(null)} />}
    </>
  );
}
