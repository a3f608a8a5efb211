import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Input, Modal, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPageMock, mockPathUrl, saveMock } from '../../api/mock';
import { RetryAlert } from '../../components/RetryAlert';
import { useIsMobile } from '../reader/useIsMobile';
import { CopyableLink } from '../pageShare/CopyableLink';
import './mock.css';

export interface MockDialogProps {
  open: boolean;
  itemId: number;
  pageId: number;
  onClose(): void;
}

const EXAMPLE = '{\n  "code": 0,\n  "data": {\n    "list|3": [{ "id|+1": 1, "name": "@cname", "email": "@email", "created": "@datetime" }]\n  }\n}';
/** The placeholders Folio's engine knows, for the help line (server/modules/mock/generators). */
const PLACEHOLDERS = '@cname @name @email @url @ip @guid @date @datetime @now @integer(1,100) @float @boolean @string @sentence @paragraph @ctitle @cparagraph @increment @pick(["a","b"]) @color @image';

/** Doc tools → Mock (seed 001 §5): a JSON template served at the project's mock address, callable at once. */
export default function MockDialog({ open, itemId, pageId, onClose }: MockDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mobile = useIsMobile();
  const queryClient = useQueryClient();
  const key = ['pageMock', pageId];
  const mock = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchPageMock(pageId, signal), enabled: open && pageId > 0, staleTime: 0 });
  const [path, setPath] = useState('/');
  const [template, setTemplate] = useState(EXAMPLE);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [savedPath, setSavedPath] = useState<string | null>(null);
  const [tried, setTried] = useState<{ status: number; body: string } | null>(null);

  useEffect(() => {
    if (!mock.data) return;
    setPath(mock.data.path);
    setTemplate(mock.data.template);
    setSavedPath(mock.data.path);
  }, [mock.data]);

  const beautify = () => {
    try {
      setTemplate(JSON.stringify(JSON.parse(template), null, 2));
      setError(null);
    } catch {
      setError(t('editor.jsonParseFailed'));
    }
  };

  const save = async () => {
    try {
      JSON.parse(template);
    } catch {
      setError(t('editor.jsonParseFailed'));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const saved = await saveMock(pageId, template, path);
      setSavedPath(saved.path);
      setPath(saved.path);
      void message.success(t('mock.saved'));
      void queryClient.invalidateQueries({ queryKey: key });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };

  const tryIt = async () => {
    if (!savedPath || savedPath.startsWith('~')) return;
    try {
      const response = await fetch(mockPathUrl(itemId, savedPath), { credentials: 'omit' });
      const body = await response.text();
      let shown = body;
      try {
        shown = JSON.stringify(JSON.parse(body), null, 2);
      } catch {
        // Errors come as plain text.
      }
      setTried({ status: response.status, body: shown });
    } catch (failure) {
      setTried({ status: 0, body: failure instanceof Error ? failure.message : String(failure) });
    }
  };

  const url = savedPath && !savedPath.startsWith('~') ? mockPathUrl(itemId, savedPath) : null;
  return (
    <Modal
      open={open}
      title={t('mock.title')}
      onCancel={onClose}
      destroyOnHidden
      width={mobile ? undefined : 760}
      footer={
        pageId > 0 ? (
          <Space wrap>
            <Button onClick={onClose}>{t('itemDialog.close')}</Button>
            <Button onClick={() => void tryIt()} disabled={!url}>
              {t('mock.try')}
            </Button>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              {t('mock.save')}
            </Button>
          </Space>
        ) : (
          <Button type="primary" onClick={onClose}>
            {t('itemDialog.close')}
          </Button>
        )
      }
    >
      {pageId === 0 ? (
        <Alert type="info" showIcon title={t('mock.saveFirst')} />
      ) : mock.isPending ? (
        <div className="reader-dialog-loading">
          <Spin />
        </div>
      ) : mock.isError ? (
        <RetryAlert message={mock.error.message} onRetry={() => void mock.refetch()} />
      ) : (
        <div className="mock-form">
          <p className="dialog-muted">{t('mock.intro')}</p>
          <label className="mock-label" htmlFor="mock-path">
            {t('mock.path')}
          </label>
          <Input id="mock-path" addonBefore={`/server/mock-path/${itemId}?path=`} value={path} onChange={(event) => setPath(event.target.value)} maxLength={2048} />
          <p className="dialog-muted mock-hint">{t('mock.pathHint')}</p>
          <div className="mock-template-head">
            <label className="mock-label" htmlFor="mock-template">
              {t('mock.template')}
            </label>
            <Button size="small" onClick={beautify}>
              {t('editor.beautifyJson')}
            </Button>
          </div>
          <Input.TextArea
            id="mock-template"
            className="mock-template"
            value={template}
            onChange={(event) => {
              setTemplate(event.target.value);
              setError(null);
            }}
            autoSize={{ minRows: 8, maxRows: 18 }}
            spellCheck={false}
          />
          <p className="dialog-muted mock-hint">
            {t('mock.placeholders')} <code>{PLACEHOLDERS}</code>
          </p>
          {error && <Alert type="error" showIcon title={error} />}
          {url && (
            <div className="mock-url">
              <span className="mock-label">{t('mock.url')}</span>
              <CopyableLink link={url} copyLabel={t('mock.copyUrl')} />
              <Typography.Paragraph className="mock-curl" copyable={{ text: `curl '${url}'` }}>
                <code>{`curl '${url}'`}</code>
              </Typography.Paragraph>
            </div>
          )}
          {tried && (
            <section aria-label={t('mock.response')}>
              <span className="mock-label">{t('mock.response')} · HTTP {tried.status}</span>
              <pre className="mock-response">{tried.body}</pre>
            </section>
          )}
        </div>
      )}
    </Modal>
  );
}
