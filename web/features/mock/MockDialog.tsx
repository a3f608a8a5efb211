import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Input, Modal, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOCK_PLACEHOLDER_HELP, MOCK_RULE_HELP } from '../../../common/mock-placeholders';
import { fetchPageMock, mockKeys, mockKeyUrl, mockPathPrefix, mockPathUrl, saveMock } from '../../api/mock';
import { RetryAlert } from '../../components/RetryAlert';
import { useIsMobile } from '../reader/useIsMobile';
import { CopyableLink } from '../pageShare/CopyableLink';
import { useSiteOrigin } from '../site/queries';
import './mock.css';

export interface MockDialogProps {
  open: boolean;
  itemId: number;
  pageId: number;
  onClose(): void;
}

const EXAMPLE = '{\n  "code": 0,\n  "data": {\n    "list|3": [{ "id|+1": 1, "name": "@cname", "email": "@email", "created": "@datetime" }]\n  }\n}';

/** What the saved mock answers at: the path's address, or for a `~regex` path (no single address) the key's. */
function savedAddress(itemId: number, saved: { path: string; key: string } | null, origin: string): string | null {
  if (!saved) return null;
  if (saved.path.startsWith('~')) return saved.key ? mockKeyUrl(saved.key, origin) : null;
  return mockPathUrl(itemId, saved.path, origin);
}

/** What the try button got back: the HTTP status (0 when nothing came) and the body. */
interface Tried {
  status: number;
  body: string;
}

/** Doc tools → Mock (seed 001 §5): a JSON template served at the project's mock address, callable at once. */
export default function MockDialog({ open, itemId, pageId, onClose }: MockDialogProps) {
  const { t } = useTranslation();
  const origin = useSiteOrigin();
  const { message } = App.useApp();
  const mobile = useIsMobile();
  const queryClient = useQueryClient();
  const key = mockKeys.page(pageId);
  const mock = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchPageMock(pageId, signal), enabled: open && pageId > 0, staleTime: 0 });
  const [path, setPath] = useState('/');
  const [template, setTemplate] = useState(EXAMPLE);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ path: string; key: string } | null>(null);
  const [tried, setTried] = useState<Tried | null>(null);

  useEffect(() => {
    if (!mock.data) return;
    setPath(mock.data.path);
    setTemplate(mock.data.template);
    setSaved({ path: mock.data.path, key: mock.data.unique_key });
  }, [mock.data]);

  /** The template as sent, or null (and the JSON-parse-failed message) when it is not JSON. */
  const parsedTemplate = (): unknown => {
    try {
      return JSON.parse(template) as unknown;
    } catch {
      setError(t('editor.jsonParseFailed'));
      return null;
    }
  };

  const beautify = () => {
    const value = parsedTemplate();
    if (value === null) return;
    setTemplate(JSON.stringify(value, null, 2));
    setError(null);
  };

  const saving = useMutation({
    mutationFn: (sent: { template: string; path: string }) => saveMock(pageId, sent.template, sent.path),
    onSuccess: (answer) => {
      setSaved({ path: answer.path, key: answer.unique_key });
      setPath(answer.path);
      setTried(null);
      void message.success(t('mock.saved'));
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (failure) => setError(failure.message),
  });

  const save = () => {
    if (parsedTemplate() === null) return;
    setError(null);
    saving.mutate({ template, path });
  };

  const url = savedAddress(itemId, saved, origin);

  const trying = useMutation({
    mutationFn: async (address: string): Promise<Tried> => {
      try {
        // Mock addresses read no login; sending none shows exactly what a front-end will get.
        const response = await fetch(address, { credentials: 'omit' });
        return { status: response.status, body: prettyJson(await response.text()) };
      } catch (failure) {
        return { status: 0, body: failure instanceof Error ? failure.message : String(failure) };
      }
    },
    onSuccess: (answer) => setTried(answer),
  });

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
            <Button onClick={() => url && trying.mutate(url)} disabled={!url} loading={trying.isPending}>
              {t('mock.try')}
            </Button>
            <Button type="primary" loading={saving.isPending} disabled={!mock.isSuccess} onClick={save}>
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
          <code className="mock-prefix" aria-label={t('mock.prefix')}>
            {mockPathPrefix(itemId, origin)}
          </code>
          <Input id="mock-path" value={path} onChange={(event) => setPath(event.target.value)} maxLength={2048} spellCheck={false} />
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
          <div className="dialog-muted mock-hint">
            <p>
              {t('mock.rules')} <code>{MOCK_RULE_HELP.join('  ')}</code>
            </p>
            <p>
              {t('mock.placeholders')} <code>{MOCK_PLACEHOLDER_HELP.join(' ')}</code>
            </p>
          </div>
          {error && <Alert type="error" showIcon title={error} />}
          {url && (
            <div className="mock-url">
              <span className="mock-label">{t('mock.url')}</span>
              {saved?.path.startsWith('~') && <span className="dialog-muted mock-hint">{t('mock.regexUrlHint')}</span>}
              <CopyableLink link={url} copyLabel={t('mock.copyUrl')} />
              <Typography.Paragraph className="mock-curl" copyable={{ text: `curl '${url}'`, tooltips: [t('mock.copyCurl'), t('pageShare.copied')] }}>
                <code>{`curl '${url}'`}</code>
              </Typography.Paragraph>
            </div>
          )}
          {tried && (
            <section aria-label={t('mock.response')}>
              <span className="mock-label">
                {t('mock.response')} · HTTP {tried.status}
              </span>
              <pre className="mock-response">{tried.body}</pre>
            </section>
          )}
        </div>
      )}
    </Modal>
  );
}

/** A JSON answer indented for reading; errors come as plain text and stay as they are. */
function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
