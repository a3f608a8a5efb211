import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Drawer, Form, Input, Select } from 'antd';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { AI_INSTRUCTION_NAMES } from '../../../common/answers/ai';
import { streamAiAnswer, type AiInstructionName } from '../../api/ai';
import { ApiCallError } from '../../api/client';
import type { CodeEditorHandle } from '../editor/CodeEditor';
import { copyToClipboard } from '../pageShare/clipboard';
import './ai.css';

export interface AiAssistantProps {
  editor: RefObject<CodeEditorHandle | null>;
  /** Most characters the server takes (ai/config). */
  maxLength: number;
  onClose(): void;
}

interface Source {
  from: number;
  to: number;
  text: string;
  /** True when the selection was empty and the whole page is sent. */
  wholePage: boolean;
}

function sourceOf(editor: CodeEditorHandle | null): Source {
  const text = editor?.text() ?? '';
  const selection = editor?.selection() ?? { from: text.length, to: text.length };
  if (selection.from === selection.to) return { from: selection.from, to: selection.to, text, wholePage: true };
  return { from: selection.from, to: selection.to, text: text.slice(selection.from, selection.to), wholePage: false };
}

/**
 * The editor's AI assistant (Doc tools → AI assistant): sends the selection, or the page when nothing is
 * selected, with an instruction; the answer streams in, then goes into the page where the selection was.
 */
export default function AiAssistant({ editor, maxLength, onClose }: AiAssistantProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // What was selected when the panel opened: the editor loses its selection once focus moves here.
  const [source] = useState<Source>(() => sourceOf(editor.current));
  const [instruction, setInstruction] = useState<AiInstructionName>(source.wholePage ? 'continue' : 'summarize');
  const [prompt, setPrompt] = useState('');
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const tooLong = source.text.length + prompt.length > maxLength;
  const ask = async () => {
    const controller = new AbortController();
    running.current = controller;
    setAnswer('');
    setError(null);
    setBusy(true);
    try {
      await streamAiAnswer({ instruction, prompt, content: source.text }, (piece) => setAnswer((text) => text + piece), controller.signal);
    } catch (failure) {
      if (!(failure instanceof ApiCallError && failure.kind === 'aborted')) setError(failure instanceof Error ? failure.message : t('ai.failed'));
    } finally {
      setBusy(false);
      running.current = null;
    }
  };

  // Insert puts the answer after the text it was about; Replace swaps that text for it.
  const place = (replace: boolean) => {
    const handle = editor.current;
    if (!handle) return;
    const at = source.wholePage ? source.from : source.to;
    const edit = replace && !source.wholePage ? { from: source.from, to: source.to } : { from: at, to: at };
    const insert = replace || source.wholePage ? answer : `\n\n${answer}`;
    handle.apply({ ...edit, insert, selection: { from: edit.from + insert.length, to: edit.from + insert.length } });
    handle.focus();
    onClose();
  };
  const copy = async () => {
    if (await copyToClipboard(answer)) void message.success(t('ai.copied'));
  };

  return (
    <Drawer open title={t('ai.panelTitle')} onClose={onClose} width="min(560px, 100vw)" destroyOnHidden>
      <Form layout="vertical" onFinish={() => void ask()}>
        <Form.Item label={t('ai.instruction')} htmlFor="ai-instruction">
          <Select
            id="ai-instruction"
            value={instruction}
            onChange={setInstruction}
            options={AI_INSTRUCTION_NAMES.map((name) => ({ value: name, label: t(`ai.instructions.${name}`) }))}
          />
        </Form.Item>
        {instruction === 'free' && (
          <Form.Item label={t('ai.prompt')} htmlFor="ai-prompt">
            <Input.TextArea id="ai-prompt" value={prompt} onChange={(e) => setPrompt(e.target.value)} placeholder={t('ai.promptPlaceholder')} maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        )}
        <p className="ai-source">
          {t('ai.source')} {source.wholePage ? t('ai.sourcePage', { count: source.text.length }) : t('ai.sourceSelection', { count: source.text.length })}
        </p>
        {tooLong && <Alert type="warning" showIcon message={t('ai.tooLong', { max: maxLength })} />}
        <div className="ai-actions">
          <Button type="primary" htmlType="submit" loading={busy} disabled={tooLong || (instruction === 'free' && !prompt.trim())}>
            {t('ai.ask')}
          </Button>
          {busy && <Button onClick={() => running.current?.abort()}>{t('ai.stop')}</Button>}
        </div>
      </Form>
      {error && <Alert className="ai-error" type="error" showIcon message={t('ai.failed')} description={error} />}
      <h3 className="ai-answer-title">{t('ai.answer')}</h3>
      <div className="ai-answer" role="status" aria-live="polite" aria-busy={busy} data-testid="ai-answer">
        {answer || (busy ? t('ai.waiting') : '')}
      </div>
      <div className="ai-actions">
        <Button type="primary" disabled={busy || !answer} onClick={() => place(false)}>
          {t('ai.insert')}
        </Button>
        {!source.wholePage && (
          <Button disabled={busy || !answer} onClick={() => place(true)}>
            {t('ai.replace')}
          </Button>
        )}
        <Button icon={<CopyOutlined />} disabled={!answer} onClick={() => void copy()}>
          {t('ai.copy')}
        </Button>
      </div>
    </Drawer>
  );
}
