import { FileTextOutlined } from '@ant-design/icons';
import { Tree, type TreeProps } from 'antd';
import { useMemo, useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogNode, MenuNode } from '../reader/menu-tree';
import { CatalogNodeTitle, type CatalogAction } from './CatalogNodeTitle';
import { checkDrop, MAX_CATALOG_DEPTH, type DropPlace } from './tree-order';

interface TreeNode {
  key: string;
  title: ReactNode;
  isLeaf: boolean;
  selectable: false;
  children?: TreeNode[];
}

interface CatalogTreeProps {
  roots: MenuNode[];
  /** While a change is being saved or the tree reloads, nothing can be dragged or chosen. */
  busy: boolean;
  onDrop: (dragKey: string, dropKey: string, place: DropPlace) => void;
  onAction: (action: CatalogAction, node: CatalogNode) => void;
}

/** Above this many nodes only the rows in view are drawn. */
const VIRTUAL_FROM = 300;
const VIRTUAL_HEIGHT = 460;

/** rc-tree's drop position is relative to the node dropped on: -1 before, 0 inside, 1 after. */
function placeOf(relative: number): DropPlace {
  return relative < 0 ? 'before' : relative === 0 ? 'inside' : 'after';
}

/**
 * The catalogs and pages of the project, all catalogs open. Dragging reorders and re-hangs nodes; places
 * the rules refuse (inside a page, inside itself, a fourth level) show no drop mark.
 */
export function CatalogTree({ roots, busy, onDrop, onAction }: CatalogTreeProps) {
  const { t } = useTranslation();
  // Closed catalogs are remembered rather than open ones, so catalogs that appear after a change start open.
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());

  const { treeData, catalogKeys, count } = useMemo(() => {
    const keys: string[] = [];
    let total = 0;
    const convert = (nodes: MenuNode[], depth: number): TreeNode[] => {
      const catalogs = nodes.filter((node) => node.kind === 'catalog');
      return nodes.map((node) => {
        total += 1;
        if (node.kind === 'page') {
          return {
            key: node.key,
            isLeaf: true,
            selectable: false,
            title: (
              <span className="catalog-node">
                <FileTextOutlined aria-hidden className="catalog-node-icon" />
                <span className="catalog-node-name">{node.title}</span>
              </span>
            ),
          };
        }
        keys.push(node.key);
        const position = catalogs.indexOf(node);
        return {
          key: node.key,
          isLeaf: false,
          selectable: false,
          title: (
            <CatalogNodeTitle
              node={node}
              canAddSub={depth + 1 < MAX_CATALOG_DEPTH}
              canMoveUp={position > 0}
              canMoveDown={position < catalogs.length - 1}
              disabled={busy}
              onAction={onAction}
            />
          ),
          children: convert(node.children, depth + 1),
        };
      });
    };
    return { treeData: convert(roots, 0), catalogKeys: keys, count: total };
  }, [roots, busy, onAction]);

  const expandedKeys = useMemo(() => catalogKeys.filter((key) => !closed.has(key)), [catalogKeys, closed]);

  const onExpand: TreeProps<TreeNode>['onExpand'] = (_keys, { expanded, node }) => {
    setClosed((current) => {
      const next = new Set(current);
      if (expanded) next.delete(String(node.key));
      else next.add(String(node.key));
      return next;
    });
  };

  const allowDrop: TreeProps<TreeNode>['allowDrop'] = ({ dragNode, dropNode, dropPosition }) => {
    const refusal = checkDrop(roots, dragNode.key, dropNode.key, placeOf(dropPosition));
    return refusal === null || refusal === 'unchanged';
  };

  const handleDrop: TreeProps<TreeNode>['onDrop'] = (info) => {
    const positions = info.node.pos.split('-');
    const relative = info.dropToGap ? info.dropPosition - Number(positions[positions.length - 1]) : 0;
    onDrop(String(info.dragNode.key), String(info.node.key), placeOf(relative));
  };

  return (
    <Tree<TreeNode>
      className="catalog-manager-tree"
      aria-label={t('catalogManager.treeLabel')}
      treeData={treeData}
      blockNode
      draggable={{ nodeDraggable: () => !busy }}
      allowDrop={allowDrop}
      onDrop={handleDrop}
      expandedKeys={expandedKeys as Key[]}
      onExpand={onExpand}
      height={count > VIRTUAL_FROM ? VIRTUAL_HEIGHT : undefined}
    />
  );
}
