import { FullscreenExitOutlined, FullscreenOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RenderedMarkdown } from '../../../common/markdown';
import type { SharedPageInfo } from '../../api/reader';
import { Badge } from '../../components/deferred-antd';
import { MarkdownView } from './markdown/MarkdownView';

interface PageArticleProps {
  page: Pick<SharedPageInfo, 'page_title' | 'author_username' | 'addtime' | 'attachment_count'>;
  rendered: RenderedMarkdown;
  /** Shown between the title and the body (the request line of an API page). */
  lead?: ReactNode;
  /** Opens the attachment list; the icon shows only when the page has attachments and this is given. */
  onAttachments?: () => void;
  /** The full-screen reading toggle (desktop). */
  fullscreen?: { on: boolean; toggle: () => void };
  /** More icons next to the title (a page share tool). */
  tools?: ReactNode;
}

/** A page as read: its title, the rendered content, and who saved it when. */
export function PageArticle({ page, rendered, lead, onAttachments, fullscreen, tools }: PageArticleProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const attachments = page.attachment_count;
  return (
    <article className="reader-page" aria-labelledby={titleId}>
      <div className="reader-page-head">
        <h1 id={titleId} className="reader-page-title">
          {page.page_title}
        </h1>
        <div className="reader-page-tools">
          {tools}
          {attachments > 0 && onAttachments && (
            <Badge count={attachments} size="small" color="var(--folio-accent)">
              <Button title={t('reader.attachments')} type="text" icon={<PaperClipOutlined aria-hidden />} aria-label={t('reader.attachmentsCount', { count: attachments })} onClick={onAttachments} />
            </Badge>
          )}
          {fullscreen && (
            <Button
              title={fullscreen.on ? t('reader.exitFullscreen') : t('reader.fullscreen')}
              type="text"
              icon={fullscreen.on ? <FullscreenExitOutlined aria-hidden /> : <FullscreenOutlined aria-hidden />}
              aria-label={fullscreen.on ? t('reader.exitFullscreen') : t('reader.fullscreen')}
              aria-pressed={fullscreen.on}
              onClick={fullscreen.toggle}
            />
          )}
        </div>
      </div>
      {lead}
      <MarkdownView rendered={rendered} className="reader-page-body" />
      <footer className="reader-page-info">
        {page.author_username ? t('reader.updatedBy', { author: page.author_username, time: page.addtime }) : t('reader.updatedAt', { time: page.addtime })}
      </footer>
    </article>
  );
}
