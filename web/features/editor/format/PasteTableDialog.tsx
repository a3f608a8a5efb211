import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ConvertDialog, type Conversion } from './ConvertDialog';
import type { FormatDialogProps } from './JsonToTableDialog';
import { tsvToMarkdownTable } from './tsv-to-table';

/** Format tools → paste a table copied from a spreadsheet. */
export default function PasteTableDialog({ open, onClose, onInsert }: FormatDialogProps) {
  const { t } = useTranslation();
  const convert = useCallback(
    (text: string): Conversion => {
      const markdown = tsvToMarkdownTable(text);
      return markdown ? { ok: true, markdown } : { ok: false, message: t('editorFormat.emptyInput') };
    },
    [t],
  );
  return (
    <ConvertDialog
      open={open}
      title={t('editor.pasteTable')}
      intro={t('editorFormat.tableIntro')}
      inputLabel={t('editorFormat.tableInput')}
      placeholder={t('editorFormat.tablePlaceholder')}
      live
      convert={convert}
      onClose={onClose}
      onInsert={onInsert}
    />
  );
}
