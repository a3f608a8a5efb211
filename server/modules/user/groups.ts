/** ShowDoc's account groups: site administrators are group 1, ordinary accounts group 2. */
export const SITE_ADMIN_GROUP = 1;
export const ORDINARY_GROUP = 2;

/** The one answer to "is this account a site administrator". */
export function isSiteAdmin(person: { groupid: number }): boolean {
  return person.groupid === SITE_ADMIN_GROUP;
}
