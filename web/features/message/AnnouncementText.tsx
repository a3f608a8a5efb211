import DOMPurify from 'dompurify';

/**
 * Announcements are stored as a little HTML (the server keeps p, br, lists, emphasis, code, headings,
 * quotes and links: server/modules/admin/announcement-sanitize.ts). The browser cleans it again with the
 * same list before showing it, so an announcement written by another tool (ShowDoc's database) cannot run.
 */
const ALLOWED_TAGS = ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'code', 'pre', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'a'];

function clean(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['href'] });
}

export function AnnouncementText({ html, className }: { html: string; className?: string }) {
  return <span className={className} dangerouslySetInnerHTML={{ __html: clean(html) }} />;
}

/** The words of an announcement, for places that show one line of text (the bell's list). */
export function announcementPlainText(html: string): string {
  const doc = new DOMParser().parseFromString(clean(html).replace(/<br\s*\/?>/gi, ' '), 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
