import { FileTextOutlined } from '@ant-design/icons';
import { Button, Empty, Result } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { itemPath } from '../../api/item';
import { ItemCardSkeletons } from './ItemCard';
import { ItemTypeIcon } from './ItemTypeIcon';
import { useItemSearch } from './queries';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * `text` with every occurrence of `keyword` marked, case-insensitive as the server's search is. The text
 * is split by a Unicode-aware regular expression rather than by lower-cased positions (letters such as
 * "İ" change length when lower-cased, which shifted or lost the marks). Parts render as React text,
 * never as HTML, so a snippet that says `<img onerror=…>` shows those characters.
 */
export function Highlighted({ text, keyword }: { text: string; keyword: string }) {
  const needle = keyword.trim() === '' ? '' : keyword;
  if (!needle) return <>{text}</>;
  // A capturing group keeps the matches in split's answer, at the odd indexes.
  const parts = text.split(new RegExp(`(${escapeRegExp(needle)})`, 'iu'));
  return (
    <>
      {parts.map((part, index) =>
        part === '' ? null : <Fragment key={index}>{index % 2 === 1 ? <mark>{part}</mark> : part}</Fragment>,
      )}
    </>
  );
}

/**
 * Seed 000 §2: matching projects open `/{item_domain or item_id}`, matching pages `/{item_id}/{page_id}`.
 * The list is not sortable here (seed 001 §4: no drag while a keyword is active).
 */
export function ItemSearchResults({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const search = useItemSearch(keyword, true);

  if (search.isPending) return <ItemCardSkeletons count={3} />;
  if (search.isError) {
    return (
      <Result
        status="warning"
        title={t('common.loadFailed')}
        subTitle={search.error.message}
        extra={<Button onClick={() => void search.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }

  const { items, pages } = search.data;
  if (items.length === 0 && pages.length === 0) {
    return (
      <div className="item-empty">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <strong className="item-empty-title">{t('items.searchNothing', { keyword })}</strong>
              <span className="item-empty-text">{t('items.searchNothingText')}</span>
            </>
          }
        />
      </div>
    );
  }

  return (
    <div className="search-results">
      {items.length > 0 && (
        <section aria-labelledby="search-projects">
          <h2 id="search-projects" className="search-heading">
            {t('items.searchProjects')}
          </h2>
          <ul className="item-grid">
            {items.map((item) => (
              <li key={item.item_id} className="item-card">
                <Link to={itemPath(item)} className="item-card-link">
                  <span className="item-card-icon">
                    <ItemTypeIcon itemType={item.item_type} />
                  </span>
                  <span className="item-card-name">
                    <Highlighted text={item.item_name} keyword={keyword} />
                  </span>
                  <span className="item-card-desc">
                    <Highlighted text={item.item_description} keyword={keyword} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {pages.length > 0 && (
        <section aria-labelledby="search-pages">
          <h2 id="search-pages" className="search-heading">
            {t('items.searchPages')}
          </h2>
          <ul className="page-hits">
            {pages.map((page) => (
              <li key={page.page_id} className="page-hit">
                <Link to={`/${page.item_id}/${page.page_id}`} className="page-hit-link">
                  <FileTextOutlined aria-hidden className="page-hit-icon" />
                  <span className="page-hit-title">
                    <Highlighted text={page.page_title} keyword={keyword} />
                  </span>
                  <span className="page-hit-item">{page.item_name}</span>
                </Link>
                {page.search_content && (
                  <p className="page-hit-snippet">
                    <Highlighted text={page.search_content} keyword={keyword} />
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
