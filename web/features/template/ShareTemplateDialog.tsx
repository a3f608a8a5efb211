import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Empty, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMyItems, itemKeys } from '../../api/item';
import { shareTemplate, templateKeys, type MyTemplate } from '../../api/template';
import { RetryAlert } from '../../components/RetryAlert';

/** Which of my projects a template is offered in: ticked ones replace the earlier choice. */
export function ShareTemplateDialog({ template, onClose }: { template: MyTemplate; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const items = useQuery({ queryKey: itemKeys.picker('templates'), queryFn: ({ signal }) => fetchMyItems(0, signal), staleTime: 30_000 });
  const [chosen, setChosen] = useState<number[]>(() => template.share_item.map((s) => s.item_id));
  // Markdown projects that are not archived: the ones whose editors write pages.
  const choices = (items.data ?? []).filter((item) => item.item_type !== 4 && item.is_archived !== 1);

  const save = useMutation({
    mutationFn: (itemIds: number[]) => shareTemplate(template.id, itemIds),
    // Awaited, so the button keeps spinning until the lists show the new sharing.
    onSuccess: async () => {
      void message.success(t('templates.sharedSaved'));
      await queryClient.invalidateQueries({ queryKey: templateKeys.all() });
      onClose();
    },
    onError: (error) => void message.error(error.message),
  });

  return (
    <Modal open title={t('templates.shareTitle', { title: template.template_title })} onCancel={onClose} onOk={() => save.mutate(chosen)} okText={t('templates.shareSave')} okButtonProps={{ loading: save.isPending }} destroyOnHidden>
      <p className="dialog-muted">{t('templates.shareIntro')}</p>
      {items.isPending ? (
        <div className="reader-dialog-loading" role="status" aria-label={t('app.loading')}>
          <Spin />
        </div>
      ) : items.isError ? (
        <RetryAlert message={items.error.message} onRetry={() => void items.refetch()} />
      ) : choices.length === 0 ? (
        <Empty description={t('templates.noProjects')} />
      ) : (
        <Checkbox.Group className="template-share-list" value={chosen} onChange={(values) => setChosen(values.map(Number))} options={choices.map((item) => ({ value: item.item_id, label: item.item_name }))} />
      )}
    </Modal>
  );
}
