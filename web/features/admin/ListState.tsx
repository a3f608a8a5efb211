import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Pagination } from 'antd';
import type { ReactNode } from 'react';
import { RetryAlert } from '../../components/RetryAlert';
import { QueryState } from './QueryState';

interface ListStateProps<T> {
  query: UseQueryResult<T>;
  /** How many rows the answer holds (0 shows the empty state). */
  rows: (data: T) => number;
  empty: string;
  children: (data: T) => ReactNode;
}

/** A list's loading, failure and empty states around the list itself, the same in every panel. */
export function ListState<T>({ query, rows, empty, children }: ListStateProps<T>) {
  return (
    <QueryState query={query}>
      {(data) => (
        <>
          {query.isError && <RetryAlert className="admin-gap" message={query.error.message} onRetry={() => void query.refetch()} />}
          {rows(data) === 0 ? <Empty className="admin-state" description={empty} /> : children(data)}
        </>
      )}
    </QueryState>
  );
}

/** Page links under a list, only when there is more than one page. */
export function ListPages({ page, pageSize, total, onChange, label }: { page: number; pageSize: number; total: number; onChange: (page: number) => void; label: string }) {
  if (total <= pageSize) return null;
  return (
    <nav className="admin-pages" aria-label={label}>
      <Pagination current={page} pageSize={pageSize} total={total} showSizeChanger={false} onChange={onChange} size="small" />
    </nav>
  );
}

/** The message of whatever a call threw. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
