import type { Messages } from './en';

/** LDAP的中文文字，键与 `ldap.en.ts` 一致。 */
export const ldapZhCN: Messages['ldap'] = {
  title: 'LDAP',
  intro:
    '用户使用目录（OpenLDAP、Active Directory）中的用户名和密码登录，首次登录时自动创建 Folio 账号。本地账号仍使用 Folio 密码登录；若目录用户的用户名已被本地账号占用，则拒绝登录，直到管理员删除该本地账号。',
  open: { label: '启用 LDAP 登录' },
  host: { label: '服务器', help: '主机名或 IP 地址，不要带 ldap://' },
  port: { label: '端口', help: 'LDAP 和 StartTLS 通常为 389，LDAPS 为 636' },
  security: {
    label: '连接安全',
    none: '无（明文）',
    starttls: 'StartTLS',
    ldaps: 'LDAPS',
    help: '始终校验证书。不使用 TLS 时，密码将以明文在网络上传输。',
  },
  ca_pem: { label: 'CA 证书（PEM）', help: '仅当目录证书由私有 CA 签发时填写；留空则信任系统自带的 CA。' },
  version: { label: '协议版本' },
  base_dn: { label: 'Base DN', help: '搜索用户的位置，例如 ou=people,dc=example,dc=com' },
  bind_dn: { label: '绑定 DN', help: 'Folio 用于搜索的账号；留空则匿名搜索' },
  bind_password: { label: '绑定密码', set: '已保存密码：留空则保持不变', unset: '尚未保存密码' },
  search_filter: { label: '用户过滤器', help: '%s 代表用户名，例如 (&(objectClass=person)(uid=%s))；Active Directory 可用 (&(objectClass=user)(sAMAccountName=%s))' },
  user_field: { label: '用户名属性', help: 'OpenLDAP 用 uid，Active Directory 用 sAMAccountName' },
  name_field: { label: '显示名称属性', help: '例如 cn 或 displayName；留空则不同步名称' },
  mail_field: { label: '邮箱属性', help: '通常为 mail；留空则不同步邮箱' },
  test: {
    username: '要查找的用户名',
    usernameHelp: '可选：测试时同时搜索此用户',
    button: '测试连接',
    ok: '连接正常',
    failed: '连接测试失败',
    step: {
      ok: '完成',
      connect: '连接',
      tls: 'TLS',
      bind: '绑定',
      search: '搜索',
      no_match: '查找用户',
      user_bind: '以用户身份绑定',
    },
    stepLabel: '步骤：{{step}}',
    found: '{{username}} · {{name}} · {{email}}',
  },
  save: '保存',
  saved: 'LDAP 设置已保存',
};
