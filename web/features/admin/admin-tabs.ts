/** The console's panels in the order of seed 001 §2's left menu; the open one is `?tab=` in the address. */
export const adminTabs = ['users', 'projects', 'files', 'externalLogin', 'ai', 'settings', 'storage', 'about'] as const;
export type AdminTab = (typeof adminTabs)[number];

export function adminTabOf(value: string | null): AdminTab {
  return adminTabs.find((tab) => tab === value) ?? 'users';
}

/**
 * Rows per page of the admin lists. ShowDoc shows 7 (seed 001 §9), which leaves most of a desktop
 * screen empty; 15 fits a laptop screen and still pages.
 */
export const ADMIN_PAGE_SIZE = 15;
