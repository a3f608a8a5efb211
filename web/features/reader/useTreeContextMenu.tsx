import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { whenIdle } from '../../components/when-idle';
import type { TreeContextMenuOptions, TreeMenuAnchor } from './TreeContextMenu';

const loadMenu = () => import('./TreeContextMenu');
const TreeContextMenu = lazy(loadMenu);

/**
 * The catalog tree's right-click menu for editors (TreeContextMenu.tsx). Its code, with its actions and
 * their icons, is not part of a reader's first load (issue 21): it comes once the browser is idle when the
 * person may edit, else at the first right-click, and stays mounted from then on (its dialogs outlive the menu).
 */
export function useTreeContextMenu(options: TreeContextMenuOptions): { open: (anchor: TreeMenuAnchor) => void; element: ReactNode } {
  const [anchor, setAnchor] = useState<TreeMenuAnchor | null>(null);
  const [wanted, setWanted] = useState(false);
  const { canEdit } = options;

  useEffect(() => (canEdit ? whenIdle(() => void loadMenu().catch(() => undefined)) : undefined), [canEdit]);

  const open = useCallback((at: TreeMenuAnchor) => {
    setWanted(true);
    setAnchor(at);
  }, []);

  const element = wanted ? (
    <Suspense fallback={null}>
      <TreeContextMenu {...options} anchor={anchor} setAnchor={setAnchor} />
    </Suspense>
  ) : null;
  return { open, element };
}
