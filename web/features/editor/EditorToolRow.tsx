import { DownOutlined, FileTextOutlined, PaperClipOutlined, SettingOutlined, ToolOutlined } from '@ant-design/icons';
import { App, Badge, Button, Dropdown, type MenuProps } from 'antd';
import { lazy, Suspense, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeEditorHandle } from './CodeEditor';
import type { EditorDialog } from './EditorDialogs';
import { beautifyInEditor } from './format/beautify-json';
import { apiDocTemplate, databaseDocTemplate } from './templates/builtin-templates';
import { interfaceLanguage } from './interface-language';
import { useAiStatus } from '../ai/useAiStatus';

const AiAssistant = lazy(() => import('../ai/AiAssistant'));

export interface EditorToolRowProps {
  itemId: number;
  pageId: number;
  attachmentCount: number;
  canManage: boolean;
  editor: RefObject<CodeEditorHandle | null>;
  onInsert(text: string): void;
  onOpen(dialog: EditorDialog): void;
}

/** The second row of the editor (seed 001 §2): templates, format tools, doc tools and attachments. */
export function EditorToolRow({ pageId, attachmentCount, editor, onInsert, onOpen }: EditorToolRowProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const lang = interfaceLanguage(i18n.language);
  const [docsOpened, setDocsOpened] = useState(false);
  const ai = useAiStatus(docsOpened);
  const [aiOpen, setAiOpen] = useState(false);

  const templates: MenuProps['items'] = [
    { key: 'api', label: t('editor.apiTemplate') },
    { key: 'database', label: t('editor.databaseTemplate') },
    { type: 'divider' },
    { key: 'more', label: t('editor.moreTemplates') },
  ];
  const onTemplate: MenuProps['onClick'] = ({ key }) => {
    if (key === 'api') onInsert(apiDocTemplate(lang));
    if (key === 'database') onInsert(databaseDocTemplate(lang));
    if (key === 'more') onOpen({ kind: 'templates' });
  };

  const formats: MenuProps['items'] = [
    { key: 'jsonToTable', label: t('editor.jsonToTable') },
    { key: 'beautify', label: t('editor.beautifyJson') },
    { key: 'pasteTable', label: t('editor.pasteTable') },
    { key: 'sqlToTable', label: t('editor.sqlToTable') },
  ];
  const onFormat: MenuProps['onClick'] = ({ key }) => {
    if (key === 'beautify') {
      const handle = editor.current;
      if (!handle) return;
      const result = beautifyInEditor(handle.text(), handle.selection());
      if (result.ok) handle.apply(result.edit);
      else void message.error(t('editor.jsonParseFailed'));
      return;
    }
    if (key === 'jsonToTable' || key === 'pasteTable' || key === 'sqlToTable') onOpen({ kind: key });
  };

  const requireSaved = (next: EditorDialog) => {
    if (pageId === 0) void message.warning(t('editor.saveFirst'));
    else onOpen(next);
  };
  const docs: MenuProps['items'] = [
    { key: 'history', label: t('editor.history') },
    // Hidden when the administrator has the assistant off.
    ...(ai.enabled ? [{ key: 'ai', label: t('ai.menu') }] : []),
    { key: 'sortPages', label: t('editor.sortPages') },
    { key: 'mock', label: t('editor.mock') },
    { key: 'subscribers', label: t('editor.followers') },
  ];
  const onDocs: MenuProps['onClick'] = ({ key }) => {
    if (key === 'history') requireSaved({ kind: 'history' });
    if (key === 'ai') setAiOpen(true);
    if (key === 'sortPages') onOpen({ kind: 'sortPages' });
    // Seed 001 §5: the mock dialog itself says a page must be saved first.
    if (key === 'mock') onOpen({ kind: 'mock' });
    if (key === 'subscribers') requireSaved({ kind: 'subscribers' });
  };

  return (
    <nav className="page-editor-tools" aria-label={t('editor.tools')}>
      <Dropdown menu={{ items: templates, onClick: onTemplate }} trigger={['click']}>
        <Button icon={<FileTextOutlined />}>
          {t('editor.insertTemplate')} <DownOutlined />
        </Button>
      </Dropdown>
      <Dropdown menu={{ items: formats, onClick: onFormat }} trigger={['click']}>
        <Button icon={<ToolOutlined />}>
          {t('editor.formatTools')} <DownOutlined />
        </Button>
      </Dropdown>
      <Dropdown menu={{ items: docs, onClick: onDocs }} trigger={['click']} onOpenChange={(open) => open && setDocsOpened(true)}>
        <Button icon={<SettingOutlined />}>
          {t('editor.docTools')} <DownOutlined />
        </Button>
      </Dropdown>
      <Badge count={attachmentCount} size="small" color="var(--folio-accent)" offset={[-4, 4]}>
        <Button icon={<PaperClipOutlined />} onClick={() => requireSaved({ kind: 'attachments' })} aria-label={t('editor.attachmentsCount', { count: attachmentCount })}>
          {t('editor.attachments')}
        </Button>
      </Badge>
      {aiOpen && (
        <Suspense fallback={null}>
          <AiAssistant
            editor={editor}
            maxLength={ai.maxLength}
            onClose={() => {
              setAiOpen(false);
              editor.current?.focus();
            }}
          />
        </Suspense>
      )}
    </nav>
  );
}
