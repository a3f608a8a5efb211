import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { sqlToMarkdownTable } from '../../../api/format';
import { ConvertDialog, type Conversion } from './ConvertDialog';
import type { FormatDialogProps } from './JsonToTableDialog';

/** Format tools → SQL to markdown table (the server parses the statements; nothing runs them). */
export default function SqlToTableDialog({ open, onClose, onInsert }: FormatDialogProps) {
  const { t } = useTranslation();
  const convert = useCallback(async (text: string): Promise<Conversion> => {
    try {
      return { ok: true, markdown: (await sqlToMarkdownTable(text)).markdown };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  }, []);
  return (
    <ConvertDialog
      open={open}
      title={t('editor.sqlToTable')}
      intro={t('editorFormat.sqlIntro')}
      inputLabel={t('editorFormat.sqlInput')}
      placeholder={"CREATE TABLE `user` (\n  `uid` int NOT NULL COMMENT 'user id',\n  `name` varchar(50) DEFAULT '' COMMENT 'nickname'\n) COMMENT='users';"}
      live={false}
      convert={convert}
      onClose={onClose}
      onInsert={onInsert}
    />
  );
}
