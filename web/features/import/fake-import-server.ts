import { vi } from 'vitest';

/** One upload as the fake server received it. */
export interface ReceivedImport {
  url: string;
  fields: Record<string, string>;
  file: File | null;
  headers: Record<string, string>;
}

type Answer = unknown | ((received: ReceivedImport) => unknown);

/**
 * Uploads go through XMLHttpRequest (for progress), which `installFakeApi` does not see: this stands in
 * for `import/auto`. Each upload takes the next answer (the last one repeats); an answer is the envelope,
 * or `{ status, body }` for an HTTP-level failure. Progress goes 50 → 100 before the answer.
 */
export function installFakeImportServer(...answers: Answer[]) {
  const received: ReceivedImport[] = [];
  /** Uploads wait for this before answering, so a test can look at the progress in between. */
  let hold: Promise<void> = Promise.resolve();

  class FakeXhr {
    responseType = '';
    response: unknown = null;
    status = 0;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    private aborted = false;

    open(_method: string, url: string) {
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    abort() {
      this.aborted = true;
      this.onabort?.();
    }

    send(form: FormData) {
      const fields: Record<string, string> = {};
      let file: File | null = null;
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') fields[name] = value;
        else file = value;
      }
      const call: ReceivedImport = { url: this.url, fields, file, headers: this.headers };
      received.push(call);
      const answer = answers[Math.min(received.length - 1, answers.length - 1)];
      void (async () => {
        await Promise.resolve();
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent);
        this.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 2 } as ProgressEvent);
        await hold;
        if (this.aborted) return;
        const value = typeof answer === 'function' ? (answer as (r: ReceivedImport) => unknown)(call) : answer;
        if (typeof value === 'object' && value !== null && 'status' in value && 'body' in value) {
          this.status = Number((value as { status: number }).status);
          this.response = (value as { body: unknown }).body;
        } else {
          this.status = 200;
          this.response = value;
        }
        this.onload?.();
      })();
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    received,
    /** Holds every answer until the returned function is called. */
    holdAnswers(): () => void {
      let release = () => undefined as void;
      hold = new Promise<void>((resolve) => {
        release = resolve;
      });
      return release;
    },
  };
}
