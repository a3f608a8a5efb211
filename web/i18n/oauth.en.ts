/** English texts of OAuth2 / OpenID Connect: its admin section and what users see of it. */
export const oauthEn = {
  title: 'OAuth2 / OpenID Connect',
  intro:
    'People sign in with their account at your identity provider (Keycloak, GitLab, Azure AD…). Their Folio account is created on first sign-in and linked to the provider’s user id, never to an existing account with the same name.',
  saved: 'OAuth2 settings saved',
  required: 'Required when the sign-in is on',
  open: { label: 'Sign-in with OAuth2', help: 'Shows the single sign-on button on the login page.' },
  client_id: { label: 'Client ID' },
  client_secret: {
    label: 'Client secret',
    help: 'Given by the provider when you registered Folio. Never shown again after saving.',
    keep: 'A secret is saved. Leave empty to keep it; type a new one to replace it.',
  },
  mode: { label: 'How Folio finds the provider', discovery: 'OpenID Connect (issuer URL)', manual: 'OAuth2 endpoints entered by hand' },
  issuer: { label: 'Issuer URL', help: 'Folio reads the endpoints from <issuer>/.well-known/openid-configuration.' },
  authorize_url: { label: 'Authorization URL', help: 'Where the browser is sent to sign in.' },
  token_url: { label: 'Token URL', help: 'Where Folio exchanges the code for a token.' },
  userinfo_url: { label: 'User info URL', help: 'Answers the signed-in user as JSON, with a stable id (sub or id).' },
  scope: { label: 'Scope', help: 'Leave empty for “openid profile email”.' },
  username_field: { label: 'Username field', help: 'The user info field that names the new account. Empty: preferred_username, username, login, name, e-mail.' },
  redirectUri: {
    label: 'Redirect URI',
    help: 'Register this at the provider. Empty uses {{url}}.',
    noSite: 'Register this at the provider. Set the site URL in the site settings, or enter the address here.',
  },
  entrance_tips: { label: 'Text under the button', help: 'Shown on the login page, for example “Use your company account”.' },
};
