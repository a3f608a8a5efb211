import { createContext, Fragment, Suspense, useCallback, useContext, useMemo, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import type { PageInfo, ReaderItem } from '../../api/reader';

/**
 * The project view's tools whose dialogs live in other features (seed 001 §2 "Dialogs"). The reader
 * shows a tool's button only when a dialog for it is registered, so nothing on screen leads nowhere.
 *
 * To plug a dialog in, register it once where the app starts or in the feature's entry, e.g.
 *   registerReaderTool('pageHistory', lazy(() => import('../history/PageHistoryDialog')));
 * The dialog gets `ReaderToolDialogProps`.
 */
export type ReaderToolKind =
  // Editors (item_edit): the catalog tree's bottom bar and its menu.
  | 'newCatalog'
  | 'catalogManager'
  | 'recycleBin'
  | 'pageHistory'
  | 'sortPages'
  | 'pageShare'
  // Managers (item_manage): the header's ellipsis menu.
  | 'import'
  | 'export'
  | 'members'
  | 'changeLog';

/** What a card of the project list knows of a project: no menu (a tool that needs it asks `item/info`). */
export type ListedToolItem = Pick<ReaderItem, 'item_id' | 'item_name' | 'item_domain' | 'item_edit' | 'item_manage'> & { menu?: undefined };

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
export const PAGE_TOOLS: ReadonlySet<ReaderToolKind> = new Set(['pageHistory', 'pageShare']);

type ToolDialog = ComponentType<ReaderToolDialogProps>;

const registry = new Map<ReaderToolKind, ToolDialog>();
const listeners = new Set<() => void>();
let snapshot: ReadonlyMap<ReaderToolKind, ToolDialog> = new Map();

function publish(): void {
  snapshot = new Map(registry);
  for (const listener of listeners) listener();
}

/** Plugs a dialog in; returns the function that takes it out again and puts back the one it replaced (tests). */
export function registerReaderTool(kind: ReaderToolKind, dialog: ToolDialog): () => void {
  const replaced = registry.get(kind);
  registry.set(kind, dialog);
  publish();
  return () => {
    if (registry.get(kind) !== dialog) return;
    if (replaced) registry.set(kind, replaced);
    else registry.delete(kind);
    publish();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useRegisteredTools(): ReadonlyMap<ReaderToolKind, ToolDialog> {
  return useSyncExternalStore(subscribe, () => snapshot);
}

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
 * Holds the registered tool dialogs for one project view and opens them on `onTool(kind, context)`.
 * `onChanged` is what the dialogs call after they changed something.
 */
export function ReaderToolsProvider({ children, onChanged }: { children: ReactNode; onChanged: () => void }) {
  const dialogs = useRegisteredTools();
  const [current, setCurrent] = useState<OpenTool | null>(null);
  const onTool = useCallback(
    (kind: ReaderToolKind, context: ReaderToolContext) => {
      if (!dialogs.has(kind)) return;
      setCurrent((last) => ({ kind, context, open: true, opening: (last?.opening ?? 0) + 1 }));
    },
    [dialogs],
  );
  const value = useMemo<ReaderTools>(() => ({ has: (kind) => dialogs.has(kind), onTool }), [dialogs, onTool]);
  const Dialog = current ? dialogs.get(current.kind) : undefined;
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
