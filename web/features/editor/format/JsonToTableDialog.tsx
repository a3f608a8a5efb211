import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { interfaceLanguage } from '../interface-language';
import { ConvertDialog, type Conversion } from './ConvertDialog';
import { jsonToParamTable } from './json-to-table';

export interface FormatDialogProps {
  open: boolean;
  onClose(): void;
  onInsert(markdown: string): void;
}

/** Format tools → JSON to parameter table. */
export default function JsonToTableDialog({ open, onClose, onInsert }: FormatDialogProps) {
  const { t, i18n } = useTranslation();
  const lang = interfaceLanguage(i18n.language);
  const convert = useCallback(
    (text: string): Conversion => {
      const result = jsonToParamTable(text, lang);
      return result.ok ? { ok: true, markdown: result.markdown } : { ok: false, message: t('editor.jsonParseFailed') };
    },
    [lang, t],
  );
  return (
    <ConvertDialog
      open={open}
      title={t('editor.jsonToTable')}
      intro={t('editorFormat.jsonIntro')}
      inputLabel={t('editorFormat.jsonInput')}
      placeholder={'{"code": 0, "data": {"id": 1, "name": "Folio"}}'}
      live
      convert={convert}
      onClose={onClose}
      onInsert={onInsert}
    />
  );
}
