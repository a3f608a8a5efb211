import { EditOutlined } from '@ant-design/icons';
import { Input, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Seed 001 §2: the page title, shown as text and edited in place on a click (or Enter/F2 from the keyboard). */
export function EditableTitle({ value, onChange, autoEdit }: { value: string; onChange(title: string): void; autoEdit?: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(autoEdit === true);
  const [draft, setDraft] = useState(value);
  const input = useRef<InputRef>(null);
  useEffect(() => {
    if (editing) input.current?.focus({ cursor: 'all' });
  }, [editing]);

  const commit = () => {
    setEditing(false);
    onChange(draft.trim());
  };

  if (editing) {
    return (
      <Input
        ref={input}
        className="page-editor-title-input"
        value={draft}
        maxLength={255}
        placeholder={t('editor.titlePlaceholder')}
        aria-label={t('editor.title')}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
          if (event.key === 'Escape') {
            setDraft(value);
            setEditing(false);
          }
        }}
      />
    );
  }
  return (
    <button
      type="button"
      className="page-editor-title"
      title={t('editor.editTitle')}
      aria-label={t('editor.editTitleLabel', { title: value || t('editor.untitled') })}
      onClick={() => {
        setDraft(value);
        setEditing(true);
      }}
    >
      <span className={value ? undefined : 'page-editor-title-empty'}>{value || t('editor.untitled')}</span>
      <EditOutlined aria-hidden className="page-editor-title-icon" />
    </button>
  );
}
