import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Empty, Form, Modal, Spin } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogKeys, sortPages } from '../../api/catalog';
import { catalogChoices } from './catalog-choices';
import { CatalogParentSelect } from './CatalogParentSelect';
import { catalogPagesQuery, catalogTreeQuery } from './queries';
import { SortablePageList, type SortableEntry } from './SortablePageList';
import { RetryAlert } from '../../components/RetryAlert';

interface PageOrderDialogProps {
  open: boolean;
  itemId: number;
  /** The catalog shown first (0 = the project's root). */
  initialCatId: number;
  onClose: () => void;
  /** After the order was saved. */
  onSaved: () => void;
}

/** A drag that has not been saved yet, for the list it was made on. */
interface Draft {
  catId: number;
  /** When the list it reorders was loaded: a reload (after a refusal) drops the draft. */
  loadedAt: number;
  ids: number[];
}

/**
 * Seed 001 §2 "sort pages": the pages of one catalog in their order; drag them (pointer, finger or
 * keyboard) and save. A refusal is alerted and the list reloads, so the screen shows what is saved (§8).
 */
export function PageOrderDialog({ open, itemId, initialCatId, onClose, onSaved }: PageOrderDialogProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [catId, setCatId] = useState(initialCatId);
  const [draft, setDraft] = useState<Draft | null>(null);

  const tree = useQuery({ ...catalogTreeQuery(itemId), enabled: open });
  const choices = useMemo(() => catalogChoices(tree.data), [tree.data]);
  const pages = useQuery({ ...catalogPagesQuery(itemId, catId), enabled: open });

  const loaded = useMemo<SortableEntry[]>(() => (pages.data ?? []).map((page) => ({ id: page.page_id, title: page.page_title })), [pages.data]);
  const current = draft && draft.catId === catId && draft.loadedAt === pages.dataUpdatedAt ? draft : null;
  const entries = useMemo(() => {
    if (!current) return loaded;
    const byId = new Map(loaded.map((entry) => [entry.id, entry]));
    return current.ids.flatMap((id) => byId.get(id) ?? []);
  }, [current, loaded]);

  const save = useMutation({
    mutationFn: (ids: number[]) => sortPages(itemId, ids),
    onSuccess: () => {
      void message.success(t('catalogManager.sort.saved'));
      void queryClient.invalidateQueries({ queryKey: catalogKeys.pages(itemId, catId) });
      onSaved();
      onClose();
    },
    // Alerted by the API client; what the server holds now replaces the unsaved order.
    onError: () => void queryClient.invalidateQueries({ queryKey: catalogKeys.pages(itemId, catId) }),
  });

  let body: ReactNode;
  if (pages.isPending) {
    body = (
      <div className="reader-dialog-loading" role="status" aria-label={t('app.loading')}>
        <Spin />
      </div>
    );
  } else if (pages.isError) {
    body = (
      <RetryAlert message={pages.error.message} onRetry={() => void pages.refetch()} />
    );
  } else if (entries.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('catalogManager.sort.empty')} />;
  } else {
    body = (
      <SortablePageList
        label={t('catalogManager.sort.listLabel')}
        entries={entries}
        disabled={save.isPending || pages.isFetching}
        onReorder={(ids) => setDraft({ catId, loadedAt: pages.dataUpdatedAt, ids })}
      />
    );
  }

  return (
    <Modal
      open={open}
      title={t('catalogManager.sort.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('catalogManager.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={save.isPending} disabled={!current} onClick={() => current && save.mutate(current.ids)}>
          {t('catalogManager.sort.save')}
        </Button>,
      ]}
    >
      <Form layout="vertical" requiredMark={false} name="sort-pages">
        <Form.Item label={t('catalogManager.sort.catalog')} htmlFor="sort-pages-catalog">
          <CatalogParentSelect
            id="sort-pages-catalog"
            choices={choices}
            loading={tree.isPending}
            value={catId}
            onChange={(next) => {
              setCatId(next);
              setDraft(null);
            }}
          />
        </Form.Item>
      </Form>
      <p className="dialog-muted">{t('catalogManager.sort.hint')}</p>
      {body}
    </Modal>
  );
}
