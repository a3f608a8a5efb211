import { ApiOutlined, BookOutlined, FileOutlined, HighlightOutlined, ProjectOutlined, TableOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export type ItemKind = 'regular' | 'singlePage' | 'spreadsheet';

/** Seed 000 §3: type 4 shows a table, type 2 a file, everything else (1, 0, 3) a notebook. */
export function itemKind(itemType: number): ItemKind {
  if (itemType === 4) return 'spreadsheet';
  if (itemType === 2) return 'singlePage';
  return 'regular';
}

/** The project's type as a picture, named for screen readers ("Spreadsheet"). */
export function ItemTypeIcon({ itemType, className, decorative = false }: { itemType: number; className?: string; decorative?: boolean }) {
  const { t } = useTranslation();
  // ShowDoc's own types (RunApi, whiteboard, kanban) arrive only through the migration.
  const other = itemType === 3 ? 'runApi' : itemType === 5 ? 'whiteboard' : itemType === 6 ? 'kanban' : null;
  if (other) {
    const label = t(`board.types.${other}`);
    const props = decorative ? { 'aria-hidden': true, className } : { 'aria-label': label, className, title: label };
    if (other === 'runApi') return <ApiOutlined {...props} />;
    if (other === 'whiteboard') return <HighlightOutlined {...props} />;
    return <ProjectOutlined {...props} />;
  }
  const kind = itemKind(itemType);
  const label = t(`items.types.${kind}`);
  // Next to a text that already names the type, the picture is decoration.
  const props = decorative ? { 'aria-hidden': true, className } : { 'aria-label': label, className, title: label };
  if (kind === 'spreadsheet') return <TableOutlined {...props} />;
  if (kind === 'singlePage') return <FileOutlined {...props} />;
  return <BookOutlined {...props} />;
}
