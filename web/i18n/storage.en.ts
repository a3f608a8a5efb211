/** English texts of the admin console's storage section (ShowDoc's oss_setting). */
export const storageEn = {
  title: 'File storage',
  intro:
    'Where attachments and imported images are kept: the server’s data folder, or a bucket of an object storage service. Files stored before a switch keep opening from where they are. Folio always serves files itself, with its permission checks; the bucket needs no public access.',
  envWins: 'The server’s FOLIO_STORAGE setting chooses the storage, so these settings are not in use. They take effect if the operator removes it.',
  active: { label: 'New files go to', local: 'the server’s data folder', settings: 'the bucket below', env: 'the bucket the operator set (FOLIO_STORAGE)' },
  open: { label: 'Store files in object storage' },
  oss_type: {
    label: 'Provider',
    aliyun: 'Alibaba Cloud OSS',
    qcloud: 'Tencent Cloud COS',
    qiniu: 'Qiniu Kodo',
    s3_storage: 'Amazon S3 or S3-compatible (MinIO, Ceph, …)',
  },
  key: { label: 'Access key', help: 'AccessKey ID; SecretId for Tencent COS' },
  secret: { label: 'Secret key', set: 'A secret is stored; leave empty to keep it', unset: 'No secret stored yet' },
  bucket: { label: 'Bucket', help: 'Lowercase letters, digits, dots and hyphens; for Tencent COS with its APPID, e.g. docs-1250000000' },
  region: {
    label: 'Region',
    help: {
      aliyun: 'e.g. cn-hangzhou; may be left empty when the endpoint is given',
      qcloud: 'e.g. ap-guangzhou',
      qiniu: 'e.g. cn-east-1 (or the zone z0, z1, z2, na0, as0)',
      s3_storage: 'e.g. us-east-1 (the default)',
    },
  },
  endpoint: {
    label: 'Endpoint',
    help: {
      aliyun: 'Optional: https://oss-<region>.aliyuncs.com is used when empty (an -internal endpoint works too)',
      qcloud: 'Optional: https://cos.<region>.myqcloud.com is used when empty',
      qiniu: 'Optional: https://s3.<region>.qiniucs.com is used when empty',
      s3_storage: 'Empty for Amazon S3; the address of a MinIO, Ceph or other S3-compatible server otherwise',
    },
  },
  subcat: { label: 'Folder', help: 'Optional folder inside the bucket, e.g. folio' },
  domain: { label: 'Public domain', help: 'Kept for ShowDoc compatibility; Folio serves files itself and does not use it' },
  protocol: { label: 'Protocol of the public domain' },
  test: {
    button: 'Test connection',
    help: 'Stores, reads back and deletes a small test file with the values above, without saving them.',
    ok: 'The bucket works',
    failed: 'The test failed',
  },
  save: 'Save',
  saved: 'Storage settings saved',
};
