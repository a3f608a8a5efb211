import { z } from 'zod';
import { zId, zInt, zText } from '../../http/fields.js';
import type { MemberRole } from '../item/access.js';

/** ShowDoc takes `cat_ids` as an array, a JSON array, a comma list or one id; none means every catalog. */
const catIdList = z
  .union([zText(2000), z.array(z.union([z.number(), z.string()])).max(200)])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const parts = (Array.isArray(value) ? value.map(String) : value.replace(/^\s*\[|\]\s*$/g, '').split(',')).map((p) => p.trim().replace(/^"|"$/g, '')).filter((p) => p !== '' && p !== '0');
    if (parts.length > 200 || parts.some((p) => !/^\d{1,10}$/.test(p))) {
      ctx.addIssue({ code: 'custom', message: 'catalog ids' });
      return z.NEVER;
    }
    return [...new Set(parts.map(Number))];
  });

/** ShowDoc answers these lists with `[]` when no project is named (its member picker asks so before one is chosen). */
export const OptionalItem = z.object({ item_id: zInt(0).default(0) });
export type OptionalItemInput = z.infer<typeof OptionalItem>;

const role = zInt(0, 2).transform((n) => n as MemberRole);

export const SaveMember = z.object({
  item_id: zId,
  // Folio: with a member id, the member's role and catalogs are changed in place.
  item_member_id: zInt(0).default(0),
  username: zText(2000).default(''),
  member_group_id: role.optional(),
  cat_ids: catIdList,
  cat_id: zInt(0).default(0),
});
export type SaveMemberInput = z.infer<typeof SaveMember>;

export const RemoveMember = z.object({ item_id: zId, item_member_id: zId });
export type RemoveMemberInput = z.infer<typeof RemoveMember>;
