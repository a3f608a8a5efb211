import type { ErrorText } from '../../../common/errors.js';
import type { Lang } from '../../http/language.js';

/** What `op_action_type_desc` says; the Chinese texts are ShowDoc's. */
const ACTIONS: Record<string, ErrorText> = {
  create: { en: 'Created', zh: '创建' },
  update: { en: 'Changed', zh: '修改' },
  delete: { en: 'Deleted', zh: '删除' },
  export: { en: 'Exported', zh: '导出' },
  binding: { en: 'Added', zh: '绑定' },
  unbound: { en: 'Removed', zh: '解绑' },
  drag: { en: 'Rearranged', zh: '拖曳修改' },
  recover: { en: 'Restored', zh: '恢复' },
};

/** What `op_object_type_desc` says. */
const OBJECTS: Record<string, ErrorText> = {
  page: { en: 'Page (or API)', zh: '页面(或接口)' },
  catalog: { en: 'Catalog', zh: '目录' },
  item: { en: 'Project', zh: '项目' },
  team: { en: 'Team', zh: '团队' },
  member: { en: 'Member', zh: '成员' },
  tree: { en: 'Catalog tree', zh: '目录树' },
};

const UNDEFINED: ErrorText = { en: 'Undefined', zh: '未定义' };

export function describeAction(action: string, lang: Lang): string {
  return (ACTIONS[action] ?? UNDEFINED)[lang];
}

export function describeObject(object: string, lang: Lang): string {
  return (OBJECTS[object] ?? UNDEFINED)[lang];
}
