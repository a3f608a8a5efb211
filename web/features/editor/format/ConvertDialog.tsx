import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Input, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { MarkdownView } from '../../reader/markdown/MarkdownView';
import { useMarkdownRenderer } from '../../reader/markdown/render';

export type Conversion = { ok: true; markdown: string } | { ok: false; message: string };

export interface ConvertDialogProps {
  open: boolean;
  title: string;
  intro: string;
  inputLabel: string;
  placeholder: string;
  /** Preview the table while typing. */
  live: boolean;
  convert(text: string): Conversion | Promise<Conversion>;
  /**
   * For a conversion the server makes (SQL): the query key of its answer for a text (web/api/format.ts).
   * Its preview is then asked for once typing pauses, cached per text, and an older answer never
   * replaces a newer one.
   */
  serverPreviewKey?: (text: string) => readonly unknown[];
  onClose(): void;
  onInsert(markdown: string): void;
}

/**
 * The format tools' common shape: paste something on the left (JSON, a spreadsheet range, SQL), see the
 * table it makes, insert it at the cursor.
 */
export function ConvertDialog({ open, title, intro, inputLabel, placeholder, live, convert, serverPreviewKey, onClose, onInsert }: ConvertDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A server round trip per pause, not per key: it waits a little longer.
  const settled = useDebouncedValue(text, serverPreviewKey ? 500 : 250);
  const wanted = live && settled.trim() !== '';
  const localPreview = useMemo(() => {
    if (!wanted || serverPreviewKey) return null;
    const result = convert(settled);
    return result instanceof Promise ? null : result;
  }, [wanted, serverPreviewKey, settled, convert]);
  const serverPreview = useQuery({
    queryKey: serverPreviewKey?.(settled) ?? [],
    queryFn: () => Promise.resolve(convert(settled)),
    enabled: wanted && serverPreviewKey !== undefined,
    staleTime: Infinity,
    retry: false,
  });
  const preview = serverPreviewKey ? (wanted ? (serverPreview.data ?? null) : null) : localPreview;
  const render = useMarkdownRenderer();
  const rendered = useMemo(() => (preview?.ok ? render(preview.markdown) : null), [preview, render]);

  // A mutation even for the pure conversions: one path for the spinner and the failure of both kinds.
  const conversion = useMutation({
    mutationFn: async (input: string) => convert(input),
    onSuccess: (result) => {
      if (result.ok) onInsert(result.markdown);
      else setError(result.message);
    },
    onError: (failure) => setError(failure.message),
  });
  const insert = () => {
    if (text.trim() === '') {
      setError(t('editorFormat.emptyInput'));
      return;
    }
    conversion.mutate(text);
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      destroyOnHidden
      width={760}
      okText={t('editorFormat.insert')}
      okButtonProps={{ loading: conversion.isPending }}
      onOk={insert}
      mask={{ closable: false }}
    >
      <p className="dialog-muted">{intro}</p>
      <Input.TextArea
        aria-label={inputLabel}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        autoSize={{ minRows: 6, maxRows: 14 }}
        className="format-dialog-input"
        spellCheck={false}
      />
      {error && <Alert className="format-dialog-alert" type="error" showIcon title={error} />}
      {preview && !preview.ok && !error && <Alert className="format-dialog-alert" type="warning" showIcon title={preview.message} />}
      {rendered && (
        <section className="format-dialog-preview" aria-label={t('editorFormat.preview')}>
          <MarkdownView rendered={rendered} className="reader-page-body" />
        </section>
      )}
    </Modal>
  );
}
