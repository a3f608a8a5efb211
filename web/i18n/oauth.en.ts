/** English texts of OAuth2 / OpenID Connect: its admin section and what users see of it. */
export const oauthEn = {
  title: 'OAuth2 / OpenID Connect',
};
