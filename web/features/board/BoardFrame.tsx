import { InfoCircleOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { ReaderItem } from '../../api/reader';
import { accessOutcome } from '../reader/access';
import { HeaderActions } from '../reader/HeaderActions';
import { PageLoadFailure } from '../reader/LoadFailure';
import { ReaderHeader } from '../reader/ReaderHeader';
import { readerToolDialogs } from '../reader/registered-tools';
import { ReaderToolsProvider, type ReaderToolDialogs } from '../reader/tools';
import { useIsMobile } from '../reader/useIsMobile';
import { useLazyItemActions } from '../reader/useLazyItemActions';
import './board.css';
import { itemSummaryOf } from '../reader/item-summary';

/**
 * The managers' tools that make sense for a board Folio cannot edit: who may see it and what happened
 * to it. Import, catalogs and page tools would write pages the board does not show.
 */
const boardTools: ReaderToolDialogs = { members: readerToolDialogs.members, changeLog: readerToolDialogs.changeLog };

interface BoardFrameProps {
  itemRef: string;
  item: ReaderItem;
  /** The read-only notice above the board. */
  notice: string;
  /** The board's query failure, if it failed: a password or login leads away, anything else is shown. */
  error: Error | null;
  onRetry: () => void;
  children: ReactNode;
}

/** A board project's screen: the project's header and menu, the read-only notice, then the board. */
export function BoardFrame({ itemRef, item, notice, error, onRetry, children }: BoardFrameProps) {
  const location = useLocation();
  const mobile = useIsMobile();
  const itemActions = useLazyItemActions();
  const summary = itemSummaryOf(item);
  let body: ReactNode = (
    <main id="main" className="board-main">
      <Alert className="board-notice" type="info" showIcon icon={<InfoCircleOutlined aria-hidden />} title={notice} />
      {children}
    </main>
  );
  if (error) {
    const outcome = accessOutcome(error, { itemRef, here: location.pathname + location.search });
    if (outcome.kind === 'redirect') return <Navigate to={outcome.to} replace />;
    body = <PageLoadFailure outcome={outcome} onRetry={onRetry} />;
  }
  return (
    <ReaderToolsProvider dialogs={boardTools} onChanged={onRetry}>
      <div className={['reader', 'board', mobile ? 'is-mobile' : ''].filter(Boolean).join(' ')}>
        <ReaderHeader
          title={item.item_name}
          titleTo={`/${itemRef}`}
          actions={
            <HeaderActions
              item={summary}
              context={{ itemRef, item, page: null }}
              canEdit={false}
              canManage={item.item_manage === true}
              pageId={null}
              runItemAction={itemActions.run}
            />
          }
        />
        <div className="board-body">{body}</div>
      </div>
      {itemActions.dialogs}
    </ReaderToolsProvider>
  );
}
