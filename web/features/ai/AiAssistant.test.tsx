import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CodeEditorHandle } from '../editor/CodeEditor';
import type { TextEdit } from '../editor/markdown-commands';
import { fail, installFakeApi, jsonResponse } from '../../test/fake-api';
import AiAssistant from './AiAssistant';

/** A stand-in editor over a string, with a selection. */
function fakeEditor(text: string, from: number, to: number) {
  const state = { text, selection: { from, to } };
  const handle: CodeEditorHandle = {
    text: () => state.text,
    selection: () => state.selection,
    setText: (next) => void (state.text = next),
    insert: vi.fn(),
    insertBlock: vi.fn(),
    apply: (edit: TextEdit) => void (state.text = state.text.slice(0, edit.from) + edit.insert + state.text.slice(edit.to)),
    replaceMarker: () => false,
    focus: vi.fn(),
  };
  const ref = createRef<CodeEditorHandle | null>() as { current: CodeEditorHandle | null };
  ref.current = handle;
  return { ref, state };
}

/** An answer that arrives as server-sent events, one event per network read, with a pause between. */
/** An SSE answer in pieces; with `afterFirst`, the rest waits until the test has seen the first piece. */
function streamed(pieces: string[], pauseMs = 20, afterFirst?: Promise<void>): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const [index, piece] of pieces.entries()) {
        controller.enqueue(encoder.encode(`data: ${JSON.stringify({ text: piece })}\n\n`));
        if (index === 0 && afterFirst) await afterFirst;
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
      controller.enqueue(encoder.encode('data: [DONE]\n\n'));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
}

function renderPanel(editor: { current: CodeEditorHandle | null }, onClose = vi.fn()) {
  render(
    <App>
      <AiAssistant editor={editor} maxLength={8000} onClose={onClose} />
    </App>,
  );
  return { user: userEvent.setup(), onClose };
}

afterEach(() => vi.unstubAllGlobals());

describe('the AI assistant panel', () => {
  it('sends the selection with the instruction, streams the answer and replaces the selection with it', async () => {
    let seenFirst!: () => void;
    const firstSeen = new Promise<void>((resolve) => (seenFirst = resolve));
    const api = installFakeApi({ 'ai/create': () => streamed(['Bonjour', ' le ', 'monde'], 20, firstSeen) });
    const { ref, state } = fakeEditor('Intro. Hello world. End.', 7, 19);
    const { user, onClose } = renderPanel(ref);
    expect(screen.getByText(/The selected text \(12 characters\)/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const answer = screen.getByTestId('ai-answer');
    await waitFor(() => expect(answer.textContent).toBe('Bonjour'));
    seenFirst();
    await waitFor(() => expect(answer.textContent).toBe('Bonjour le monde'));
    const sent = api.callsTo('ai/create')[0]!.params;
    expect(sent.get('content')).toBe('Hello world.');
    expect(sent.get('instruction')).toBe('summarize');
    expect(sent.get('stream')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Replace selection' }));
    expect(state.text).toBe('Intro. Bonjour le monde End.');
    expect(onClose).toHaveBeenCalled();
  });

  it('sends the whole page when nothing is selected and inserts the answer at the cursor', async () => {
    const api = installFakeApi({ 'ai/create': () => streamed(['!']) });
    const { ref, state } = fakeEditor('Abc', 3, 3);
    const { user } = renderPanel(ref);
    expect(screen.queryByRole('button', { name: 'Replace selection' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(screen.getByTestId('ai-answer').textContent).toBe('!'));
    expect(api.callsTo('ai/create')[0]!.params.get('content')).toBe('Abc');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(state.text).toBe('Abc!');
  });

  it("shows the server's refusal", async () => {
    installFakeApi({ 'ai/create': () => jsonResponse(fail(10101, 'The AI service could not be reached')) });
    const { ref } = fakeEditor('Abc', 0, 3);
    const { user } = renderPanel(ref);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('The AI service could not be reached')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Insert' }).hasAttribute('disabled')).toBe(true);
  });

  it('needs the free instruction written before asking, and refuses too much text', async () => {
    installFakeApi({});
    const { ref } = fakeEditor('x'.repeat(9000), 0, 0);
    renderPanel(ref);
    expect(screen.getByText(/more than the 8000 characters/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ask' }).hasAttribute('disabled')).toBe(true);
  });
});
