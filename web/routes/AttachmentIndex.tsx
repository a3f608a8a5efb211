import { SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Input, Pagination, Progress, Radio, Spin, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attachmentKeys, deleteMyAttachment, fetchMyAttachments, uploadPageFile, type AttachmentTypeFilter, type MyAttachment } from '../api/attachment';
import { PageLayout } from '../components/PageLayout';
import { RetryAlert } from '../components/RetryAlert';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { MyAttachmentList } from '../features/attachment/MyAttachmentList';
import { MAX_UPLOAD_BYTES } from '../features/attachment/PageAttachmentsDialog';
import { RequireLogin } from '../features/user/RequireLogin';
import '../features/attachment/attachment-center.css';

/** Seed 000 §9: the attachment list pages by five. */
export const ATTACHMENT_PAGE_SIZE = 5;
const SEARCH_DELAY_MS = 300;

/** `/attachment/index`: the files the person uploaded anywhere (seed 000 §2 "Attachment dialog"). */
export default function AttachmentIndex() {
  return (
    <RequireLogin>
      <AttachmentCenter />
    </RequireLogin>
  );
}

function AttachmentCenter() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  useDocumentTitle(t('attachmentCenter.pageTitle'));

  const [attachmentType, setAttachmentType] = useState<AttachmentTypeFilter>(-1);
  const [searchText, setSearchText] = useState('');
  const displayName = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  const [page, setPage] = useState(1);
  // A new search starts at its first page; adjusted while rendering so no call asks for the old page.
  const [searchedName, setSearchedName] = useState(displayName);
  if (searchedName !== displayName) {
    setSearchedName(displayName);
    setPage(1);
  }

  const files = useQuery({
    queryKey: attachmentKeys.myPage({ attachmentType, displayName, page }),
    queryFn: ({ signal }) => fetchMyAttachments({ page, count: ATTACHMENT_PAGE_SIZE, attachmentType, displayName }, signal),
    // Paging and filtering keep the old rows on screen until the new ones arrive, instead of a spinner flash.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  // Deleting the last file of the last page leaves that page empty: step back to the new last page.
  const total = files.data && !files.isPlaceholderData ? files.data.total : null;
  const lastPage = total === null ? page : Math.max(1, Math.ceil(total / ATTACHMENT_PAGE_SIZE));
  if (page > lastPage) setPage(lastPage);

  const [progress, setProgress] = useState<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: attachmentKeys.mine() });

  const upload = async (file: File) => {
    if (file.size > MAX_UPLOAD_BYTES) {
      void message.error(t('attachmentCenter.tooLarge', { name: file.name }));
      return;
    }
    setProgress(0);
    try {
      // Item 0 and page 0: the personal file hub, the file belongs to no page (as ShowDoc's dialog uploads).
      await uploadPageFile(file, 0, 0, { onProgress: setProgress });
      void message.success(t('attachmentCenter.uploaded', { name: file.name }));
      // The newest file comes first, so show the first page where it landed.
      setPage(1);
      await refresh();
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(null);
    }
  };

  const remove = async (file: MyAttachment) => {
    try {
      await deleteMyAttachment(file.file_id);
      void message.success(t('attachmentCenter.deleted', { name: file.display_name }));
      await refresh();
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    }
  };

  const filtered = attachmentType !== -1 || displayName !== '';
  const data = files.data;

  return (
    <PageLayout>
      <div className="attachment-center">
        <h1 className="attachment-center-title">{t('attachmentCenter.title')}</h1>
        <p className="attachment-center-intro">{t('attachmentCenter.intro')}</p>

        <div className="attachment-center-upload">
          <Upload showUploadList={false} multiple customRequest={({ file }) => void upload(file as File)} disabled={progress !== null}>
            <Button type="primary" icon={<UploadOutlined />} loading={progress !== null}>
              {t('attachmentCenter.upload')}
            </Button>
          </Upload>
          <span className="attachment-center-meta">{t('attachmentCenter.limit')}</span>
          {progress !== null && <Progress percent={progress} size="small" aria-label={t('attachmentCenter.progress')} />}
        </div>

        <div className="attachment-center-tools">
          <Radio.Group
            aria-label={t('attachmentCenter.typeLabel')}
            optionType="button"
            value={attachmentType}
            onChange={(event) => {
              setAttachmentType(event.target.value as AttachmentTypeFilter);
              setPage(1);
            }}
            options={[
              { value: -1, label: t('attachmentCenter.typeAll') },
              { value: 1, label: t('attachmentCenter.typeImages') },
              { value: 2, label: t('attachmentCenter.typeOther') },
            ]}
          />
          <Input
            className="attachment-center-search"
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder={t('attachmentCenter.search')}
            aria-label={t('attachmentCenter.search')}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>

        {data && (
          <p className="attachment-center-summary" aria-live="polite">
            {t('attachmentCenter.summary', { used: data.used_m.toFixed(2), flow: data.used_flow_m.toFixed(2) })}
          </p>
        )}

        {files.isError && !data ? (
          <RetryAlert message={files.error.message} onRetry={() => void files.refetch()} />
        ) : !data ? (
          <div className="attachment-center-state" role="status">
            <Spin />
            <span className="visually-hidden">{t('app.loading')}</span>
          </div>
        ) : (
          <>
            {files.isError && <RetryAlert message={files.error.message} onRetry={() => void files.refetch()} />}
            {data.list.length === 0 ? (
              <Empty className="attachment-center-state" description={filtered ? t('attachmentCenter.noMatch') : t('attachmentCenter.empty')} />
            ) : (
              <MyAttachmentList files={data.list} onDelete={remove} />
            )}
            {data.total > ATTACHMENT_PAGE_SIZE && (
              <nav className="attachment-center-pages" aria-label={t('attachmentCenter.pagesLabel')}>
                <Pagination current={page} pageSize={ATTACHMENT_PAGE_SIZE} total={data.total} showSizeChanger={false} onChange={setPage} />
              </nav>
            )}
          </>
        )}
      </div>
    </PageLayout>
  );
}
