import {
  BoldOutlined,
  CheckSquareOutlined,
  CodeOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  FileImageOutlined,
  ItalicOutlined,
  LineOutlined,
  LinkOutlined,
  OrderedListOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarkdownCommand } from './markdown-commands';

interface ToolButton {
  command: MarkdownCommand;
  icon: ReactNode;
  /** i18n key under `editor.md`. */
  label: string;
  shortcut?: string;
}

const groups: ToolButton[][] = [
  [
    { command: 'bold', icon: <BoldOutlined />, label: 'bold', shortcut: 'Ctrl+B' },
    { command: 'italic', icon: <ItalicOutlined />, label: 'italic', shortcut: 'Ctrl+I' },
    { command: 'strike', icon: <StrikethroughOutlined />, label: 'strike' },
    { command: 'heading2', icon: <span className="page-editor-glyph">H2</span>, label: 'heading2' },
    { command: 'heading3', icon: <span className="page-editor-glyph">H3</span>, label: 'heading3' },
    { command: 'quote', icon: <span className="page-editor-glyph">❝</span>, label: 'quote' },
  ],
  [
    { command: 'bulletList', icon: <UnorderedListOutlined />, label: 'bulletList' },
    { command: 'orderedList', icon: <OrderedListOutlined />, label: 'orderedList' },
    { command: 'taskList', icon: <CheckSquareOutlined />, label: 'taskList' },
    { command: 'rule', icon: <LineOutlined />, label: 'rule' },
  ],
  [
    { command: 'link', icon: <LinkOutlined />, label: 'link', shortcut: 'Ctrl+K' },
    { command: 'image', icon: <FileImageOutlined />, label: 'image' },
    { command: 'inlineCode', icon: <span className="page-editor-glyph">`</span>, label: 'inlineCode' },
    { command: 'codeBlock', icon: <CodeOutlined />, label: 'codeBlock' },
    { command: 'table', icon: <TableOutlined />, label: 'table' },
  ],
];

export interface MarkdownToolbarProps {
  onCommand(command: MarkdownCommand): void;
  preview: boolean;
  onTogglePreview(): void;
}

/** The formatting buttons above the text (ShowDoc's editor.md bar, reduced to what people use). */
export function MarkdownToolbar({ onCommand, preview, onTogglePreview }: MarkdownToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="page-editor-mdbar" role="toolbar" aria-label={t('editor.formatting')}>
      {groups.map((group, index) => (
        <div key={index} className="page-editor-mdbar-group">
          {group.map((tool) => {
            const label = t(`editor.md.${tool.label}` as 'editor.md.bold');
            const title = tool.shortcut ? `${label} (${tool.shortcut})` : label;
            return (
              <Tooltip key={tool.command} title={title}>
                <Button type="text" size="small" icon={tool.icon} aria-label={label} onMouseDown={(event) => event.preventDefault()} onClick={() => onCommand(tool.command)} />
              </Tooltip>
            );
          })}
        </div>
      ))}
      <div className="page-editor-mdbar-group page-editor-mdbar-end">
        <Tooltip title={preview ? t('editor.hidePreview') : t('editor.showPreview')}>
          <Button
            type="text"
            size="small"
            icon={preview ? <EyeInvisibleOutlined /> : <EyeOutlined />}
            aria-label={preview ? t('editor.hidePreview') : t('editor.showPreview')}
            aria-pressed={preview}
            onClick={onTogglePreview}
          />
        </Tooltip>
      </div>
    </div>
  );
}
