import fs from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './harness.js';
import type { Transcript } from './showdoc-transcripts.js';

/**
 * Replays ShowDoc transcripts against a Folio test app in the recorded order. Ids and secrets differ
 * between the two servers, so they are carried along: each id ShowDoc answered is paired with the id
 * Folio answered at the same place, and later requests that name the ShowDoc id send Folio's.
 */

/** Which parameters and answer keys name the same kind of thing. */
const ID_KINDS: Record<string, string> = {
  item_id: 'item',
  page_id: 'page',
  default_page_id: 'page',
  cat_id: 'cat',
  parent_cat_id: 'cat',
  page_history_id: 'history',
  captcha_id: 'captcha',
  item_member_id: 'member',
  uid: 'user',
};

/** Actions whose `data` is a bare id. */
const BARE_DATA_KIND: Record<string, string> = { 'catalog/save': 'cat' };

/** Which login answers' tokens the later command lines call `<USER_TOKEN>` and `<USER_TOKEN_2>`. */
const TOKEN_FROM: Record<string, string> = {
  '05_user_loginByVerify': 'USER_TOKEN',
  '07_user_login': 'USER_TOKEN_2',
  '50b_user_loginByVerify_again': 'USER_TOKEN',
};

export interface Replayed {
  response: LightMyRequestResponse;
  /** The parsed JSON answer, or null when Folio did not answer JSON. */
  body: unknown;
}

export class TranscriptReplay {
  private readonly ids = new Map<string, string>();
  private readonly secrets = new Map<string, string>();

  constructor(private readonly t: TestApp) {}

  async replay(transcript: Transcript): Promise<Replayed> {
    const params: Array<[string, string]> = [];
    for (const [key, value] of transcript.params) params.push([key, this.translateParam(key, value)]);
    await this.solveCaptcha(params, (transcript.body as { error_code?: number } | null)?.error_code !== 10206);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(transcript.headers)) headers[k] = this.fillSecrets(v);

    let url = transcript.url;
    let payload: string | undefined;
    if (transcript.method === 'GET') {
      const qs = new URLSearchParams(params).toString();
      if (qs) url += (url.includes('?') ? '&' : '?') + qs;
    } else if (transcript.rawBody !== null) {
      payload = this.translateJson(this.fillSecrets(transcript.rawBody));
    } else if (params.length > 0) {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(params).toString();
    }
    const response = await this.t.app.inject({ method: transcript.method, url, headers, ...(payload !== undefined ? { payload } : {}) });
    const body = isJson(response) ? (response.json() as unknown) : null;
    this.learn(transcript, body);
    return { response, body };
  }

  private translateParam(key: string, value: string): string {
    const filled = this.fillSecrets(value);
    const kind = ID_KINDS[key];
    return (kind && this.ids.get(`${kind}:${filled}`)) || filled;
  }

  private translateJson(raw: string): string {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    for (const [key, value] of Object.entries(parsed)) {
      const kind = ID_KINDS[key];
      const mapped = kind ? this.ids.get(`${kind}:${String(value)}`) : undefined;
      if (mapped) parsed[key] = typeof value === 'number' ? Number(mapped) : mapped;
    }
    return JSON.stringify(parsed);
  }

  private fillSecrets(text: string): string {
    return text.replace(/<([A-Z_0-9]+)>/g, (all, name: string) => this.secrets.get(name) ?? all);
  }

  /**
   * `<CAPTCHA>` is the answer a person reads off the image. ShowDoc let a captcha live on after a wrong
   * answer (04 then 05 use captcha 1); Folio uses it up (docs/compatibility.md), so where the recorded
   * captcha is gone and ShowDoc accepted it, a fresh one stands in, as a person would click the image
   * for a new one.
   */
  private async solveCaptcha(params: Array<[string, string]>, showdocAccepted: boolean): Promise<void> {
    const answer = params.find(([, v]) => v === '<CAPTCHA>');
    const id = params.find(([k]) => k === 'captcha_id');
    if (!answer || !id) return;
    const row = await this.t.database.db.selectFrom('captcha').select('captcha').where('captcha_id', '=', id[1]).where('expire_time', '>', this.t.clock.now()).executeTakeFirst();
    if (row || !showdocAccepted) {
      answer[1] = row?.captcha ?? 'used';
      return;
    }
    const fresh = await this.t.solveCaptcha();
    id[1] = fresh.captcha_id;
    answer[1] = fresh.captcha;
  }

  /** Pairs ShowDoc's ids and secrets in the recorded answer with Folio's in its answer. */
  private learn(transcript: Transcript, folio: unknown): void {
    const expected = transcript.body as { data?: unknown } | null;
    const actual = folio as { data?: unknown } | null;
    if (!expected || !actual || expected.data === undefined || actual.data === undefined) return;
    const action = /api\/([^&?]+)/.exec(transcript.url)?.[1]?.toLowerCase() ?? '';
    const bareKind = Object.entries(BARE_DATA_KIND).find(([a]) => a.toLowerCase() === action)?.[1];
    if (bareKind && isScalar(expected.data) && isScalar(actual.data)) this.pair(bareKind, expected.data, actual.data);
    this.walk(expected.data, actual.data);
    const tokenName = TOKEN_FROM[transcript.name];
    const data = actual.data as Record<string, unknown>;
    if (tokenName && typeof data.user_token === 'string') this.secrets.set(tokenName, data.user_token);
    if (typeof data.api_key === 'string' && typeof data.api_token === 'string') {
      this.secrets.set('API_KEY', data.api_key);
      this.secrets.set('API_TOKEN', data.api_token);
    }
  }

  private walk(expected: unknown, actual: unknown): void {
    if (Array.isArray(expected) && Array.isArray(actual)) {
      expected.forEach((e, i) => this.walk(e, actual[i]));
    } else if (isObject(expected) && isObject(actual)) {
      for (const [key, value] of Object.entries(expected)) {
        const kind = ID_KINDS[key];
        if (kind && isScalar(value) && isScalar(actual[key])) this.pair(kind, value, actual[key]);
        else this.walk(value, actual[key]);
      }
    }
  }

  private pair(kind: string, showdoc: string | number, folio: string | number): void {
    const key = `${kind}:${String(showdoc)}`;
    // The first pairing wins: later lists may hold ShowDoc's sample projects where Folio has others.
    if (!this.ids.has(key) && String(showdoc) !== '0') this.ids.set(key, String(folio));
  }
}

function isJson(response: LightMyRequestResponse): boolean {
  return String(response.headers['content-type'] ?? '').includes('application/json');
}

function isScalar(v: unknown): v is string | number {
  return typeof v === 'string' || typeof v === 'number';
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The transcripts docs/compatibility.md declares as answered differently on purpose, by file name. */
export function declaredDifferences(docPath: string): Map<string, string> {
  const text = fs.readFileSync(docPath, 'utf8');
  const section = text.split(/^## /m).find((s) => s.startsWith('Declared differences')) ?? '';
  const out = new Map<string, string>();
  for (const m of section.matchAll(/^- `([0-9a-z_]+)`: (.+)$/gim)) out.set(m[1] ?? '', m[2] ?? '');
  return out;
}
