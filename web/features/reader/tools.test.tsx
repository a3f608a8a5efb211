import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readerToolDialogs } from './registered-tools';
import { ReaderToolsProvider, useReaderTools, type ReaderToolDialogProps, type ReaderToolKind } from './tools';

const context = { itemRef: '5', item: { item_id: 5, item_name: 'Peer Demo', item_domain: '', item_edit: true, item_manage: true }, page: null };

function Probe() {
  const tools = useReaderTools();
  return (
    <>
      <p>{tools.has('import') ? 'import: yes' : 'import: no'}</p>
      <p>{tools.has('export') ? 'export: yes' : 'export: no'}</p>
      <button onClick={() => tools.onTool('import', context)}>Import</button>
      <button onClick={() => tools.onTool('export', context)}>Export</button>
    </>
  );
}

describe('the reader tools', () => {
  it('offers the tools its map has a dialog for, and opens that dialog with the context', async () => {
    const user = userEvent.setup();
    function ImportDialog({ open, context: opened }: ReaderToolDialogProps) {
      return open ? <div role="dialog" aria-label={`Import into ${opened.item.item_name}`} /> : null;
    }
    render(
      <ReaderToolsProvider dialogs={{ import: ImportDialog }} onChanged={() => undefined}>
        <Probe />
      </ReaderToolsProvider>,
    );
    expect(screen.getByText('import: yes')).toBeTruthy();
    expect(screen.getByText('export: no')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('dialog', { name: 'Import into Peer Demo' })).toBeTruthy();
  });

  it('the project view has a dialog for every tool of its menus', () => {
    const kinds: ReaderToolKind[] = ['newCatalog', 'catalogManager', 'recycleBin', 'pageHistory', 'sortPages', 'pageShare', 'followPage', 'import', 'export', 'members', 'changeLog'];
    expect(Object.keys(readerToolDialogs).sort()).toEqual([...kinds].sort());
  });
});
