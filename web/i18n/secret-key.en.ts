/** English texts of Login secret key: its admin section and what users see of it. */
export const secretKeyEn = {
  title: 'Login secret key',
};
