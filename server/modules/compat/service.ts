import { AI_OFF } from '../../../common/answers/item.js';
import type { Ctx } from '../../context.js';
import { RawResponse } from '../../http/envelope.js';
import { requireVisit } from '../item/access.js';

/**
 * Answers for ShowDoc features Folio does not have (public square, AI, push URLs, cron over HTTP).
 * ShowDoc's web app asks for them on every screen; answering as a ShowDoc site with the feature
 * switched off keeps its screens quiet instead of showing 404 errors (docs/compatibility.md).
 */

/** ShowDoc's names for the item types in `agent/config`. */
const AGENT_ITEM_TYPES: Record<number, string> = { 1: 'regular', 2: 'single_page', 3: 'runapi', 4: 'table', 5: 'whiteboard', 6: 'kanban' };

/** `publicSquare/checkEnabled`: there is no public square. */
export function publicSquareState() {
  return { enable: 0 };
}

/**
 * `agent/config`: ShowDoc's answer when its AI service is not configured (transcript 65). The project
 * must be readable by the caller, so a private project's existence and type stay hidden; `can_edit`
 * and `is_guest` say what is true of the caller (ShowDoc answered `can_edit: false` whenever AI was off).
 */
export async function agentConfig(ctx: Ctx, itemId: number) {
  const access = await requireVisit(ctx, itemId);
  return {
    enabled: false,
    welcome_message: '',
    can_edit: access.canEdit && !access.item.is_archived,
    item_type: AGENT_ITEM_TYPES[access.item.item_type] ?? 'regular',
    is_guest: ctx.user === null,
    dialog_collapsed: 1,
  };
}

/** `item/getAiConfig` and `item/getAiKnowledgeBaseConfig`: readers of the project see the assistant off. */
export async function aiConfig(ctx: Ctx, itemId: number) {
  await requireVisit(ctx, itemId);
  return { ...AI_OFF };
}

/** `user/getPushUrl`: Folio keeps no per-user webhook, so there is never one to show. */
export function pushUrl() {
  return { push_url: '' };
}

/**
 * `user/savePushUrl`: accepted and not stored. ShowDoc stored the URL but nothing in it ever called it;
 * storing a URL nobody calls would only suggest a feature that does not exist.
 */
export function savePushUrl(): [] {
  return [];
}

/**
 * `ScriptCron/run`: ShowDoc's purge job over HTTP, guarded by a shared token. Folio runs its jobs in the
 * process (server/jobs/) and takes no token, so every call gets ShowDoc's answer for a wrong token:
 * HTTP 403 with code 10403. The text is ShowDoc's literal `Forbidden` in every language, as clients see it.
 */
export function scriptCronRefused(): RawResponse {
  return new RawResponse('application/json; charset=utf-8', JSON.stringify({ error_code: 10403, error_message: 'Forbidden' }), {}, 403);
}

