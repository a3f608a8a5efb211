import { EditOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Input, type InputRef } from 'antd';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { historyKeys, updateHistoryComments, type PageVersion } from '../../api/history';

/** What page/updateHistoryComments accepts (server schema: 2,000 characters). */
export const MAX_COMMENT_LENGTH = 2000;

interface VersionCommentProps {
  pageId: number;
  version: PageVersion;
  /** The version's time, to name it for screen readers. */
  time: string;
  editable: boolean;
}

/** A version's note, edited in place by the project's editors: Enter saves, Esc cancels. */
export function VersionComment({ pageId, version, time, editable }: VersionCommentProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const comment = version.page_comments;
  const historyId = version.page_history_id;
  const [draft, setDraft] = useState<string | null>(null);
  const input = useRef<InputRef>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // Focus goes back to the pencil when editing ends, not to the top of the dialog.
  const refocus = useRef(false);

  const editing = draft !== null;
  useEffect(() => {
    if (editing) input.current?.focus();
    else if (refocus.current) {
      refocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const save = useMutation({
    mutationFn: (text: string) => updateHistoryComments(pageId, historyId, text),
    onSuccess: (_answer, text) => {
      queryClient.setQueryData<PageVersion[]>(historyKeys.versions(pageId), (versions) =>
        versions?.map((entry) => (entry.page_history_id === historyId ? { ...entry, page_comments: text } : entry)),
      );
      void message.success(t('history.commentSaved'));
      refocus.current = true;
      setDraft(null);
    },
    // A refusal was alerted by the API client; the draft stays so nothing typed is lost.
  });

  const stop = () => {
    refocus.current = true;
    setDraft(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft === null || save.isPending) return;
    if (draft.trim() === comment.trim()) stop();
    else save.mutate(draft.trim());
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Esc leaves the comment, not the whole dialog.
    event.stopPropagation();
    stop();
  };

  if (draft !== null) {
    return (
      <form className="history-comment-form" onSubmit={submit}>
        <Input
          ref={input}
          size="small"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={MAX_COMMENT_LENGTH}
          placeholder={t('history.commentPlaceholder')}
          aria-label={t('history.commentLabel', { time })}
          disabled={save.isPending}
        />
        <Button size="small" type="primary" htmlType="submit" loading={save.isPending}>
          {t('history.saveComment')}
        </Button>
        <Button size="small" onClick={stop} disabled={save.isPending}>
          {t('history.cancel')}
        </Button>
      </form>
    );
  }

  return (
    <div className="history-comment">
      {comment ? <span className="history-comment-text">{comment}</span> : <span className="history-comment-none">{t('history.noComment')}</span>}
      {editable && (
        <Button
          ref={editButton}
          size="small"
          type="text"
          icon={<EditOutlined aria-hidden />}
          aria-label={t('history.editComment', { time })}
          title={t('history.editComment', { time })}
          onClick={() => setDraft(comment)}
        />
      )}
    </div>
  );
}
