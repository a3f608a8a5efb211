/** The settings page's tabs (seed 001 §2 "Project settings"), in order; `?tab=` names one of them. */
export const SETTING_TABS = ['baseInfo', 'members', 'openApi', 'recycleBin'] as const;

export type SettingTab = (typeof SETTING_TABS)[number];

/** The tab a `?tab=` value asks for; anything unknown (or nothing) is the first tab. */
export function settingTabOf(value: string | null): SettingTab {
  return SETTING_TABS.find((tab) => tab === value) ?? 'baseInfo';
}

/** Where the settings of a project live, optionally on one tab. */
export function itemSettingPath(itemId: number | string, tab?: SettingTab): string {
  const path = `/item/setting/${encodeURIComponent(String(itemId))}`;
  return tab && tab !== 'baseInfo' ? `${path}?tab=${tab}` : path;
}
