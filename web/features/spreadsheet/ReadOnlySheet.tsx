import { Alert } from 'antd';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { SheetLoading } from './SheetLoading';
import type { FortuneBook } from './convert/sheet-model';

const SheetGrid = lazy(() => import('./SheetGrid'));

/** The sheet without editing: visitors, read-only members, archived projects, phones, a lock held by someone else. */
export function ReadOnlySheet({ book, lang, notice, toolbar, action }: { book: FortuneBook; lang: 'en' | 'zh'; notice: ReactNode; toolbar?: ReactNode; action?: ReactNode }) {
  const stable = useMemo(() => book, [book]);
  return (
    <>
      {toolbar}
      {notice && <Alert className="sheet-notice" type={action ? 'warning' : 'info'} showIcon banner message={notice} action={action} />}
      <div className="sheet-canvas">
        <Suspense fallback={<SheetLoading />}>
          <SheetGrid book={stable} editable={false} lang={lang} />
        </Suspense>
      </div>
    </>
  );
}
