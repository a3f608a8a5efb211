/** Seed 000 §9: the project list's built-in groups. Any other id is one of the person's own groups. */
export const ALL_GROUP_ID = 0;
export const STARRED_GROUP_ID = -1;

const hanCharacter = /^\p{Script=Han}$/u;

/**
 * Seed 000 §2: search runs for any keyword except an empty one and a single non-Chinese character
 * ("a" matches everything; "文" is a word).
 */
export function shouldSearch(keyword: string): boolean {
  const text = keyword.trim();
  if (text === '') return false;
  const characters = [...text];
  if (characters.length === 1) return hanCharacter.test(text);
  return true;
}

/** A personal domain: letters and digits only, and not only digits (those are project ids). */
export const ITEM_DOMAIN_MAX = 50;

export function itemDomainProblem(domain: string): 'characters' | 'numeric' | 'length' | null {
  if (domain === '') return null;
  if (!/^[A-Za-z0-9]+$/.test(domain)) return 'characters';
  if (/^\d+$/.test(domain)) return 'numeric';
  if (domain.length > ITEM_DOMAIN_MAX) return 'length';
  return null;
}

/** `/{item_id}` or `/{item_domain}`: what the project routes accept before asking the server. */
export function isItemRef(ref: string | undefined): ref is string {
  return ref !== undefined && /^[A-Za-z0-9]{1,100}$/.test(ref);
}

/** ShowDoc's key for the chosen group, misspelling included, so the choice survives a move from ShowDoc. */
export const GROUP_STORAGE_KEY = 'deaultItemGroupId';

export function readStoredGroupId(): number {
  try {
    const value = Number(window.localStorage.getItem(GROUP_STORAGE_KEY) ?? '0');
    return Number.isInteger(value) && value >= STARRED_GROUP_ID ? value : ALL_GROUP_ID;
  } catch {
    // Storage can be disabled; the list then opens on "All".
    return ALL_GROUP_ID;
  }
}

export function storeGroupId(groupId: number): void {
  try {
    window.localStorage.setItem(GROUP_STORAGE_KEY, String(groupId));
  } catch {
    // Not remembered, but the choice still applies now.
  }
}

export type Visibility = 'open' | 'private';

/**
 * What to send as the visit password (seed 000 §5): open sends '' (clears it); private sends the typed
 * password; private with nothing typed keeps the current one when there is one (`undefined`: leave the
 * field out), and is refused (`null`) when there is none.
 */
export function visitPasswordToSend(visibility: Visibility, typed: string | undefined, hasPassword: boolean): string | undefined | null {
  if (visibility === 'open') return '';
  if (typed) return typed;
  return hasPassword ? undefined : null;
}
