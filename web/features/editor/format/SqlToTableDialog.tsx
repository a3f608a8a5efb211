import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatKeys, sqlToMarkdownTable } from '../../../api/format';
import { interfaceLanguage } from '../interface-language';
import { ConvertDialog, type Conversion } from './ConvertDialog';
import type { FormatDialogProps } from './JsonToTableDialog';

/**
 * Format tools → SQL to markdown table (the server parses the statements; nothing runs them). The table's
 * headers are in the interface language, and it previews as the JSON tool does.
 */
export default function SqlToTableDialog({ open, onClose, onInsert }: FormatDialogProps) {
  const { t, i18n } = useTranslation();
  const lang = interfaceLanguage(i18n.language);
  const convert = useCallback(
    async (text: string): Promise<Conversion> => {
      try {
        return { ok: true, markdown: (await sqlToMarkdownTable(text, lang)).markdown };
      } catch (error) {
        return { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
    },
    [lang],
  );
  const previewKey = useCallback((text: string) => formatKeys.sqlPreview(lang, text), [lang]);
  return (
    <ConvertDialog
      open={open}
      title={t('editor.sqlToTable')}
      intro={t('editorFormat.sqlIntro')}
      inputLabel={t('editorFormat.sqlInput')}
      placeholder={"CREATE TABLE `user` (\n  `uid` int NOT NULL COMMENT 'user id',\n  `name` varchar(50) DEFAULT '' COMMENT 'nickname'\n) COMMENT='users';"}
      live
      serverPreviewKey={previewKey}
      convert={convert}
      onClose={onClose}
      onInsert={onInsert}
    />
  );
}
