import type { ErrorText } from './errors.js';

/**
 * Specific error texts the server sends, by key. The browser shows `error_message` as it is, so these
 * are in both interface languages and the server picks one from the request's language.
 */
export const serverMessages = {
  'route.unknown': { en: 'Invalid request', zh: '无效的请求' },
  'input.invalid': { en: 'Invalid input: {field}', zh: '参数不正确：{field}' },
  'input.tooLarge': { en: 'The request is too large', zh: '请求内容过大' },
  'request.crossSite': { en: 'Cross-site request refused', zh: '拒绝跨站请求' },
  'user.usernameRule': {
    en: 'A username has 2 to 30 letters, digits, _ or - (Chinese characters allowed), or is an e-mail address',
    zh: '用户名为 2 到 30 位字母、数字、下划线、短横线或汉字，或者是一个邮箱地址',
  },
  'user.passwordTooShort': { en: 'The password must have at least 6 characters', zh: '密码至少需要 6 位' },
  'user.passwordTooLong': { en: 'The password is too long (at most 100 bytes)', zh: '密码过长（最多 100 字节）' },
  'user.passwordMismatch': { en: 'The two passwords do not match', zh: '两次输入的密码不一致' },
  'user.registerClosed': { en: 'Registration is closed on this site', zh: '管理员已关闭注册' },
  'user.oldPasswordWrong': { en: 'The current password is wrong', zh: '旧密码错误' },
  'user.nameTooLong': { en: 'The name is too long (at most 64 characters)', zh: '名称过长（最多 64 个字符）' },
  'user.credentialsMissing': { en: 'Enter a username and a password', zh: '请输入用户名和密码' },
  'captcha.notFound': { en: 'No such captcha', zh: '验证码不存在' },
  'qrcode.urlMissing': { en: 'A URL is needed', zh: '缺少 URL' },
  'item.notFound': { en: 'This project does not exist or has been deleted', zh: '项目不存在或已被删除' },
  'item.archived': { en: 'This project is archived and can no longer be changed', zh: '项目已归档，不能再修改' },
  'item.nameRequired': { en: 'A project needs a name', zh: '请填写项目名称' },
  'item.privateNeedsPassword': { en: 'A private project must have a visit password', zh: '私密项目必须设置访问密码' },
  'item.ownerCannotLeave': { en: 'You own this project: transfer or delete it instead of leaving', zh: '你是项目的所有者，请转让或删除项目，而不是退出' },
  'item.notMember': { en: 'You are not a member of this project', zh: '你不是此项目的成员' },
  'item.orderInvalid': { en: 'The new order could not be read', zh: '排序数据无效' },
  'item.receiverIsOwner': { en: 'This user already owns the project', zh: '该用户已经是项目的所有者' },
  'itemGroup.nameTooLong': { en: 'A group name has at most {max} characters', zh: '分组名称最多 {max} 个字符' },
  'page.notFound': { en: 'This page does not exist or has been deleted', zh: '页面不存在或已被删除' },
  'page.notInItem': { en: 'This page does not belong to this project', zh: '页面不属于该项目' },
  'page.outsideCatalogLimit': { en: 'Your membership does not include the catalog of this page', zh: '你没有此页面所在目录的权限' },
  'page.catalogNotFound': { en: 'This catalog does not exist in this project', zh: '目录不存在或不属于该项目' },
  'page.contentEmpty': { en: 'An empty page cannot be saved. Write something first', zh: '不允许保存空内容，请随便写点什么' },
  'page.contentEncoding': { en: 'The page content is not valid URL encoding', zh: '页面内容的 URL 编码无效' },
  'page.contentTooLong': { en: 'A page has at most {max} characters', zh: '页面内容最多 {max} 个字符' },
  'page.titleTooLong': { en: 'A page title has at most {max} characters', zh: '页面标题最多 {max} 个字符' },
  'page.changedMeanwhile': {
    en: '{author} saved this page while you were editing it; it is now at version {version}. Reload it and merge your changes',
    zh: '你编辑期间 {author} 保存了此页面，当前版本为 {version}。请重新加载并合并你的修改',
  },
  'page.lockedBy': { en: '{username} is editing this page (locked until {until})', zh: '{username} 正在编辑此页面（锁定至 {until}）' },
  'page.noDeletePermission': { en: 'Only the project managers and the last author of a page can delete it', zh: '只有项目管理员或页面的最后编辑者可以删除页面' },
  'page.historyNotFound': { en: 'This version of the page does not exist', zh: '该历史版本不存在' },
  'page.sortInvalid': { en: 'The new page order could not be read', zh: '页面排序数据无效' },
  'page.shareNotFound': { en: 'This share link has expired or does not exist', zh: '该分享链接已过期或不存在' },
  'page.shareExpired': { en: 'This share link has expired', zh: '该分享链接已过期' },
  'catalog.notFound': { en: 'This catalog does not exist in this project', zh: '目录不存在或不属于该项目' },
  'catalog.parentNotFound': { en: 'The parent catalog does not exist in this project', zh: '上级目录不存在或不属于该项目' },
  'catalog.pageNotFound': { en: 'A page of the tree does not exist in this project', zh: '目录树中的页面不存在或不属于该项目' },
  'catalog.nameRequired': { en: 'A catalog needs a name', zh: '目录名称不能为空' },
  'catalog.nameTooLong': { en: 'A catalog name has at most {max} characters', zh: '目录名称最多 {max} 个字符' },
  'catalog.tooMany': { en: 'A project has at most {max} catalogs', zh: '每个项目最多 {max} 个目录' },
  'catalog.tooDeep': { en: 'Catalogs nest at most {max} levels deep', zh: '目录最多 {max} 层' },
  'catalog.cycle': { en: 'A catalog cannot be put inside itself or one of its sub-catalogs', zh: '目录不能移动到自身或其子目录下' },
  'catalog.outsideLimit': { en: 'Your membership is limited to other catalogs of this project', zh: '你在此项目中只能操作被授权的目录' },
  'recycle.notFound': { en: 'This page is not in the recycle bin of this project', zh: '该页面不在此项目的回收站中' },
} satisfies Record<string, ErrorText>;

export type ServerMessageKey = keyof typeof serverMessages;
