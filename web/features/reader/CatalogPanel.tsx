import { SearchOutlined } from '@ant-design/icons';
import { Spin, type InputRef } from 'antd';
// The plain input alone: `Input` from 'antd' brings Search, Password, OTP and TextArea with it (issue 21).
import Input from 'antd/es/input/Input';
import { useMemo, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { pageKey, searchResultNodes, visibleRows, type MenuNode, type TreeRow } from './menu-tree';
import { useMenuSearch } from './queries';
import { VirtualTree } from './VirtualTree';

interface CatalogPanelProps {
  itemRef: string;
  roots: MenuNode[];
  expanded: ReadonlySet<string>;
  onToggle: (catalogKey: string, open: boolean) => void;
  currentPageId: number | null;
  hrefFor: (pageId: number) => string;
  onOpenPage: (pageId: number) => void;
  keyword: string;
  onKeywordChange: (keyword: string) => void;
  searchRef?: Ref<InputRef>;
  footer?: ReactNode;
  /** Editors: a row's right-click menu (TreeContextMenu.tsx). */
  onRowMenu?: ((row: TreeRow, at: { x: number; y: number }) => void) | undefined;
}

/**
 * Seed 001 §2 "Catalog tree menu": a search box over the tree of catalogs and pages. A keyword asks
 * the server (`item/info` with `keyword`, which searches titles and content) and lists the matches flat.
 */
export function CatalogPanel(props: CatalogPanelProps) {
  const { t } = useTranslation();
  const { itemRef, roots, expanded, onToggle, currentPageId, hrefFor, onOpenPage, keyword, onKeywordChange, searchRef, footer, onRowMenu } = props;
  const settled = useDebouncedValue(keyword.trim(), 300);
  const searching = settled !== '' && keyword.trim() !== '';
  const search = useMenuSearch(itemRef, searching ? settled : '');

  const treeRows = useMemo(() => visibleRows(roots, expanded), [roots, expanded]);
  const resultRows = useMemo(() => (search.data ? visibleRows(searchResultNodes(search.data.menu), new Set()) : []), [search.data]);
  const selectedKey = currentPageId === null ? null : pageKey(currentPageId);

  let body: ReactNode;
  if (!searching) {
    body = (
      <VirtualTree
        rows={treeRows}
        label={t('reader.catalog')}
        selectedKey={selectedKey}
        hrefFor={hrefFor}
        onOpenPage={onOpenPage}
        onToggle={onToggle}
        onRowMenu={onRowMenu}
      />
    );
  } else if (search.isPending) {
    body = (
      <div className="reader-catalog-note" role="status">
        <Spin size="small" /> <span>{t('reader.searching')}</span>
      </div>
    );
  } else if (search.isError) {
    body = (
      <p className="reader-catalog-note" role="alert">
        {search.error.message}
      </p>
    );
  } else if (resultRows.length === 0) {
    body = (
      <p className="reader-catalog-note" role="status">
        {t('reader.noMatches', { keyword: settled })}
      </p>
    );
  } else {
    body = (
      <>
        <p className="visually-hidden" role="status">
          {t('reader.matches', { count: resultRows.length })}
        </p>
        <VirtualTree
          rows={resultRows}
          label={t('reader.searchResults')}
          selectedKey={selectedKey}
          hrefFor={hrefFor}
          onOpenPage={onOpenPage}
          onToggle={onToggle}
        />
      </>
    );
  }

  return (
    <div className="reader-catalog">
      <div className="reader-search" role="search">
        <Input
          ref={searchRef}
          allowClear
          value={keyword}
          onChange={(event) => onKeywordChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && keyword !== '') {
              event.stopPropagation();
              onKeywordChange('');
            }
          }}
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t('reader.searchPlaceholder')}
          aria-label={t('reader.search')}
          maxLength={100}
        />
      </div>
      <div className="reader-catalog-body">{body}</div>
      {footer}
    </div>
  );
}
