import type { Messages } from './en';

/** 管理后台“文件存储”部分的中文文字，键与 `storage.en.ts` 一致。 */
export const storageZhCN: Messages['storage'] = {
  title: '文件存储',
  intro:
    '附件和导入的图片保存在哪里：服务器的数据目录，或对象存储服务的存储桶。切换之前保存的文件仍从原处打开。文件始终由 Folio 按权限校验后提供下载，存储桶无需公开访问。',
  envWins: '服务器的 FOLIO_STORAGE 配置已指定存储位置，因此这里的设置不生效；运维人员移除该配置后才会生效。',
  active: { label: '新文件保存到', local: '服务器的数据目录', settings: '下面设置的存储桶', env: '运维人员设置的存储桶（FOLIO_STORAGE）' },
  open: { label: '使用对象存储保存文件' },
  oss_type: {
    label: '服务商',
    aliyun: '阿里云 OSS',
    qcloud: '腾讯云 COS',
    qiniu: '七牛云 Kodo',
    s3_storage: 'Amazon S3 或兼容 S3 的服务（MinIO、Ceph 等）',
  },
  key: { label: '访问密钥', help: 'AccessKey ID；腾讯云 COS 填写 SecretId' },
  secret: { label: 'Secret', set: '已保存 Secret，留空则保持不变', unset: '尚未保存 Secret' },
  bucket: { label: '存储桶', help: '小写字母、数字、点和短横线；腾讯云 COS 需带 APPID，例如 docs-1250000000' },
  region: {
    label: '地域',
    help: {
      aliyun: '例如 cn-hangzhou；填写了服务地址时可留空',
      qcloud: '例如 ap-guangzhou',
      qiniu: '例如 cn-east-1（也可填写区域代号 z0、z1、z2、na0、as0）',
      s3_storage: '例如 us-east-1（默认值）',
    },
  },
  endpoint: {
    label: '服务地址',
    help: {
      aliyun: '可选：留空时使用 https://oss-<地域>.aliyuncs.com（也可填写 -internal 内网地址）',
      qcloud: '可选：留空时使用 https://cos.<地域>.myqcloud.com',
      qiniu: '可选：留空时使用 https://s3.<地域>.qiniucs.com',
      s3_storage: 'Amazon S3 留空；MinIO、Ceph 等兼容 S3 的服务填写其地址',
    },
  },
  subcat: { label: '目录', help: '可选：存储桶内的目录，例如 folio' },
  domain: { label: '公开域名', help: '为兼容 ShowDoc 而保留；Folio 自行提供文件下载，不使用该域名' },
  protocol: { label: '公开域名的协议' },
  test: {
    button: '测试连接',
    help: '用上面填写的值写入、读回并删除一个小测试文件，不会保存设置。',
    ok: '存储桶可以正常使用',
    failed: '测试失败',
  },
  save: '保存',
  saved: '存储设置已保存',
};
