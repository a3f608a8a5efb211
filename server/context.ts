import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { DB } from './db/tables.js';
import type { Dialect } from './db/database.js';
import type { Lang } from './http/language.js';
import type { CallLimiter } from './http/rate-limiter.js';
import type { BlobStore } from './storage/blob-store.js';

/** Time comes in through the context so tests can move it. */
export interface Clock {
  /** Unix seconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Math.floor(Date.now() / 1000) };

/** Long-lived things the app owns: one per process, shared by every request. */
export interface AppServices {
  db: Kysely<DB>;
  dialect: Dialect;
  config: Config;
  clock: Clock;
  limiter: CallLimiter;
  /** The site secret (server/secret.ts). */
  secret: Buffer;
  /** Attachment bytes (server/storage). */
  storage: BlobStore;
}

export interface SessionUser {
  uid: number;
  username: string;
  name: string;
  groupid: number;
  /** The login token row this request came in with. */
  tokenId: number;
}

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** What a service sees of one request. */
export interface Ctx extends AppServices {
  user: SessionUser | null;
  ip: string;
  /** The request's User-Agent header ('' or absent when none), for the login log. */
  userAgent?: string;
  lang: Lang;
  files: UploadedFile[];
  /** Whether the request came over HTTPS (cookies get `Secure`). */
  secure: boolean;
  /** A browser's top-level navigation (it accepts HTML): a failed sign-in goes back to the login screen, not to JSON. */
  navigation?: boolean;
  /** The request's cookies (the OAuth2 callback checks it returns to the browser that started it). */
  cookies?: Readonly<Record<string, string | undefined>>;
  loginCookie: {
    set(token: string, maxAgeSeconds: number): void;
    clear(): void;
  };
  /** How a visitor proves they may read a private project (server/modules/item/visit.ts). */
  visit: VisitProof;
  /** The request's `If-None-Match`, for actions that answer with an ETag (item/info). */
  ifNoneMatch?: string;
  /** The request came on one of ShowDoc's URL forms, whose answers take ShowDoc's shapes. */
  showdocWire?: boolean;
  /** The request's `Accept-Encoding`, for answers kept already compressed (item/info). */
  acceptEncoding?: string;
}

export interface VisitProof {
  /** Projects this browser unlocked with their visit password, by item id → password fingerprint. */
  grants: Map<number, string>;
  /** Records a new grant in the browser's session cookie. */
  grant(itemId: number, fingerprint: string): void;
  /** `_item_pwd` as ShowDoc clients send it with every request (query or form only, as ShowDoc reads it). */
  passwordParam: string | null;
}

/** A context whose caller is known to be logged in. */
export interface AuthedCtx extends Ctx {
  user: SessionUser;
}
