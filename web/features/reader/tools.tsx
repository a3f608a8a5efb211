import { createContext, Fragment, Suspense, useCallback, useContext, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { PageInfo, ReaderItem } from '../../api/reader';

/**
 * The project view's tools whose dialogs live in other features (seed 001 §2 "Dialogs"). The reader
 * shows a tool's button only when its map of dialogs has one for it, so nothing on screen leads nowhere.
 *
 * The map is a constant (`readerToolDialogs` in registered-tools.ts) handed to `ReaderToolsProvider`,
 * not a registry filled at import time: there is no module state for one test to leave to the next.
 * A dialog gets `ReaderToolDialogProps`.
 */
export type ReaderToolKind =
  // Editors (item_edit): the catalog tree's bottom bar and its menu.
  | 'newCatalog'
  | 'catalogManager'
  | 'recycleBin'
  | 'pageHistory'
  | 'sortPages'
  | 'pageShare'
  // Anyone signed in who reads the page: its followers dialog (editors manage it there too).
  | 'followPage'
  // Managers (item_manage): the header's ellipsis menu.
  | 'import'
  | 'export'
  | 'members'
  | 'changeLog';

/** What a card of the project list knows of a project: no menu (a tool that needs it asks `item/info`). */
export type ListedToolItem = Pick<ReaderItem, 'item_id' | 'item_name' | 'item_domain' | 'item_edit' | 'item_manage'> & { menu?: undefined; is_archived?: number | undefined };

/** Which project and page a tool was opened on. */
export interface ReaderToolContext {
  /** How the project is addressed in this view's URL: its id or personal domain. */
  itemRef: string;
  /** The reader's `item/info`, or a project of the list. */
  item: ReaderItem | ListedToolItem;
  /** The page on screen, if any (page tools need one and are hidden without it). */
  page: PageInfo | null;
}

export interface ReaderToolDialogProps {
  open: boolean;
  context: ReaderToolContext;
  onClose: () => void;
  /** The project's menu or page changed: the reader reloads them. */
  onChanged: () => void;
}

/** Tools that make sense only with a page on screen. */
export const PAGE_TOOLS: ReadonlySet<ReaderToolKind> = new Set(['pageHistory', 'pageShare', 'followPage']);

export type ReaderToolDialog = ComponentType<ReaderToolDialogProps>;

/** Which dialog opens for which tool; a tool missing here has no button. */
export type ReaderToolDialogs = Readonly<Partial<Record<ReaderToolKind, ReaderToolDialog>>>;

export interface ReaderTools {
  /** Whether a tool has a dialog to open. */
  has: (kind: ReaderToolKind) => boolean;
  onTool: (kind: ReaderToolKind, context: ReaderToolContext) => void;
}

const ReaderToolsContext = createContext<ReaderTools>({ has: () => false, onTool: () => undefined });

export function useReaderTools(): ReaderTools {
  return useContext(ReaderToolsContext);
}

interface OpenTool {
  kind: ReaderToolKind;
  context: ReaderToolContext;
  open: boolean;
  opening: number;
}

/**
 * Holds the tool dialogs of one project view and opens them on `onTool(kind, context)`.
 * `onChanged` is what the dialogs call after they changed something.
 */
export function ReaderToolsProvider({ children, dialogs, onChanged }: { children: ReactNode; dialogs: ReaderToolDialogs; onChanged: () => void }) {
  const [current, setCurrent] = useState<OpenTool | null>(null);
  const onTool = useCallback(
    (kind: ReaderToolKind, context: ReaderToolContext) => {
      if (!dialogs[kind]) return;
      setCurrent((last) => ({ kind, context, open: true, opening: (last?.opening ?? 0) + 1 }));
    },
    [dialogs],
  );
  const value = useMemo<ReaderTools>(() => ({ has: (kind) => dialogs[kind] !== undefined, onTool }), [dialogs, onTool]);
  const Dialog = current ? dialogs[current.kind] : undefined;
  return (
    <ReaderToolsContext.Provider value={value}>
      {children}
      {current && Dialog && (
        <Suspense fallback={null}>
          <Fragment key={current.opening}>
            <Dialog
              open={current.open}
              context={current.context}
              onClose={() => setCurrent((open) => (open ? { ...open, open: false } : open))}
              onChanged={onChanged}
            />
          </Fragment>
        </Suspense>
      )}
    </ReaderToolsContext.Provider>
  );
}
