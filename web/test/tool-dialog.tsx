import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { itemKeys } from '../api/item';
import { createQueryClient } from '../api/query-client';
import { ApiBridge } from '../components/ApiBridge';
import type { ReaderToolContext, ReaderToolDialog } from '../features/reader/tools';
import { TestProviders } from './render';

/**
 * One reader tool's dialog, open, with the app's providers and nothing of the project view around it:
 * tests about what the dialog does need not render and click through the reader to reach it (the
 * reader's own tests cover its menus). As in the reader, closing closes it and a change refreshes the project.
 */
export function renderToolDialog(Dialog: ReaderToolDialog, context: ReaderToolContext) {
  const queryClient = createQueryClient();
  const user = userEvent.setup();

  function OpenDialog() {
    const [open, setOpen] = useState(true);
    return (
      <Dialog
        open={open}
        context={context}
        onClose={() => setOpen(false)}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: itemKeys.project(context.itemRef) })}
      />
    );
  }

  const utils = render(
    <TestProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[`/${context.itemRef}`]}>
        <ApiBridge />
        <OpenDialog />
      </MemoryRouter>
    </TestProviders>,
  );
  return { ...utils, user, queryClient };
}
