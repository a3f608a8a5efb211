import type { Messages } from './en';

/** OAuth2 / OpenID Connect的中文文字，键与 `oauth.en.ts` 一致。 */
export const oauthZhCN: Messages['oauth'] = {
  title: 'OAuth2 / OpenID Connect',
  intro: '用户使用身份提供方（Keycloak、GitLab、Azure AD 等）的账号登录。首次登录时自动创建 Folio 账号，并按提供方的用户标识关联，绝不会关联到同名的已有账号。',
  saved: 'OAuth2 设置已保存',
  required: '开启登录时必填',
  open: { label: 'OAuth2 登录', help: '在登录页显示统一登录按钮。' },
  client_id: { label: 'Client ID' },
  client_secret: {
    label: 'Client Secret',
    help: '在提供方注册 Folio 时获得。保存后不再显示。',
    keep: '已保存密钥。留空则保持不变；输入新值可替换。',
  },
  mode: { label: 'Folio 如何找到提供方', discovery: 'OpenID Connect（Issuer 地址）', manual: '手动填写 OAuth2 地址' },
  issuer: { label: 'Issuer 地址', help: 'Folio 从 <issuer>/.well-known/openid-configuration 读取各个地址。' },
  authorize_url: { label: '授权地址', help: '浏览器跳转去登录的地址。' },
  token_url: { label: 'Token 地址', help: 'Folio 用授权码换取令牌的地址。' },
  userinfo_url: { label: '用户信息地址', help: '以 JSON 返回当前用户，需包含固定的标识（sub 或 id）。' },
  scope: { label: 'Scope', help: '留空则使用 “openid profile email”。' },
  username_field: { label: '用户名字段', help: '用于命名新账号的用户信息字段。留空：依次取 preferred_username、username、login、name、邮箱。' },
  redirectUri: {
    label: '回调地址',
    help: '请在提供方登记此地址。留空则使用 {{url}}。',
    noSite: '请在提供方登记此地址。可在站点设置中填写站点网址，或在此处直接填写。',
  },
  entrance_tips: { label: '按钮下方的提示', help: '显示在登录页，例如“使用公司账号登录”。' },
};
