/** English texts of what the site settings change outside the console (closed registration, footer, …). */
export const siteEn = {
  registerClosed: 'Sign-up is closed on this site. Ask an administrator for an account.',
  beianTitle: 'ICP filing number (opens the registry)',
};
