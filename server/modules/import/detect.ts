import type { Ctx, UploadedFile } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { isRecord, parseJsonDocument, parseYamlDocument, utf8Text } from './document.js';
import { MAX_PROJECT_NAME_CHARS } from './limits.js';
import { isOpenApi, openApiPlan } from './openapi.js';
import { firstGraphemes } from '../page/graphemes.js';
import type { ImportPlan } from './plan.js';
import { isPostmanV1, isPostmanV2, postmanV1Plan, postmanV2Plan } from './postman.js';
import { isShowDocJson, showDocPlan } from './showdoc-json.js';
import { zipPlan } from './zip-plan.js';
import { isZip, openArchive } from './zip-reader.js';

/**
 * What an upload is, by its content and never by its name (showdoc-behaviour.md §8.5): a zip by its
 * magic bytes, else JSON, else YAML; then a ShowDoc export, an OpenAPI / Swagger document or a
 * Postman collection by their keys.
 */

const DEFAULT_PROJECT_NAME = { en: 'Imported project', zh: '导入的项目' };

const unsupported = () => new ApiError(10101, 'import.unsupported');

/** The file's name without folders or extension: what a markdown zip's project is called. */
function nameFromFile(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  return base.replace(/\.[^.]*$/, '').trim();
}

/** YAML errors are shown only for text that reads as a YAML mapping; anything else is simply not supported. */
function looksLikeYamlMapping(text: string): boolean {
  const first = text.split(/\r?\n/).find((line) => line.trim() !== '' && !line.trimStart().startsWith('#') && line.trim() !== '---');
  return first !== undefined && /^["']?[\w$.-]+["']?\s*:/.test(first);
}

async function documentPlan(ctx: Ctx, value: unknown, fallbackName: string): Promise<ImportPlan> {
  if (!isRecord(value)) throw unsupported();
  if (isShowDocJson(value)) return showDocPlan(value, fallbackName);
  if (isOpenApi(value)) return openApiPlan(value, ctx.lang);
  if (isPostmanV2(value)) return postmanV2Plan(value, ctx.lang);
  if (isPostmanV1(value)) return postmanV1Plan(value, ctx.lang);
  throw unsupported();
}

export async function detectPlan(ctx: Ctx, file: UploadedFile): Promise<ImportPlan> {
  const fallbackName = firstGraphemes(nameFromFile(file.filename), MAX_PROJECT_NAME_CHARS).trim() || DEFAULT_PROJECT_NAME[ctx.lang];
  let plan: ImportPlan;
  if (isZip(file.data)) {
    const archive = await openArchive(file.data);
    try {
      plan = await zipPlan(archive, fallbackName);
    } finally {
      archive.close();
    }
  } else {
    const text = utf8Text(file.data);
    if (text === null || text.trim() === '') throw unsupported();
    const json = parseJsonDocument(text);
    let value: unknown;
    if (json.ok) value = json.value;
    else {
      try {
        value = parseYamlDocument(text);
      } catch (error) {
        if (looksLikeYamlMapping(text)) throw error;
        throw unsupported();
      }
    }
    plan = await documentPlan(ctx, value, fallbackName);
  }
  const name = firstGraphemes(plan.project.name.trim(), MAX_PROJECT_NAME_CHARS).trim();
  plan.project.name = name || fallbackName;
  return plan;
}
