/** English texts of the administrator console (`/admin/index`); `admin.zh-CN.ts` has the same keys. */
export const adminEn = {
  title: 'Administration',
};
