import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { registerReaderTool, ReaderToolsProvider, useReaderTools } from './tools';

function Probe() {
  const tools = useReaderTools();
  return <p>{tools.has('import') ? 'import: yes' : 'import: no'}</p>;
}

describe('the reader tool registry', () => {
  it('taking a dialog out puts back the one it replaced', () => {
    const first = () => null;
    const second = () => null;
    const takeFirst = registerReaderTool('import', first);
    const takeSecond = registerReaderTool('import', second);
    const { rerender } = render(
      <ReaderToolsProvider onChanged={() => undefined}>
        <Probe />
      </ReaderToolsProvider>,
    );
    takeSecond();
    rerender(
      <ReaderToolsProvider onChanged={() => undefined}>
        <Probe />
      </ReaderToolsProvider>,
    );
    expect(screen.getByText('import: yes')).toBeTruthy();
    takeFirst();
    rerender(
      <ReaderToolsProvider onChanged={() => undefined}>
        <Probe />
      </ReaderToolsProvider>,
    );
    expect(screen.getByText('import: no')).toBeTruthy();
  });
});
