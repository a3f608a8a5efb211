import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OssConfig } from '../../api/storage';
import { fail, ok } from '../../test/fake-api';
import { adminSite, params, renderAdmin } from './admin-test-site';

const saved: OssConfig = {
  oss_open: 0,
  oss_setting: {
    oss_type: 's3_storage',
    key: 'AKIAEXAMPLE',
    secret: '',
    secretId: '',
    secretKey: '',
    endpoint: 'https://minio.example.com',
    bucket: 'docs',
    region: 'us-east-1',
    subcat: 'folio',
    domain: '',
    protocol: 'https',
    secret_set: 1,
  },
  active: 'local',
};

const open = () => renderAdmin('/admin/index?tab=storage');

describe('the storage panel', () => {
  it('tests the bucket as typed, without saving, and says it works', async () => {
    const api = adminSite({
      'adminSetting/loadOssConfig': ok(saved),
      'adminSetting/testOssConfig': ok({ ok: 1, step: 'ok', message: 'Stored, read back and deleted a test file' }),
    });
    const { user } = open();
    const bucket = await screen.findByLabelText('Bucket');
    await user.clear(bucket);
    await user.type(bucket, 'other-bucket');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    const outcome = (await screen.findByText('The bucket works')).closest('[role="status"]');
    expect(outcome?.textContent).toContain('Stored, read back and deleted a test file');
    expect(JSON.parse(params(api.callsTo('adminSetting/testOssConfig')[0]).oss_setting ?? '{}')).toMatchObject({ bucket: 'other-bucket' });
    expect(api.callsTo('adminSetting/saveOssConfig')).toHaveLength(0);
  });

  it('shows a failed test as an alert with the server’s words', async () => {
    adminSite({
      'adminSetting/loadOssConfig': ok(saved),
      'adminSetting/testOssConfig': ok({ ok: 0, step: 'credentials', message: 'The bucket refused the key: InvalidAccessKeyId' }),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Test connection' }));
    const outcome = (await screen.findByText('The test failed')).closest('[role="alert"]');
    expect(outcome?.textContent).toContain('InvalidAccessKeyId');
  });

  it('shows a refused test request and a refused save', async () => {
    adminSite({
      'adminSetting/loadOssConfig': ok(saved),
      'adminSetting/testOssConfig': fail(10101, 'The storage setting "endpoint" is not valid'),
      'adminSetting/saveOssConfig': fail(10101, 'The storage setting "bucket" is not valid'),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('The storage setting "endpoint" is not valid')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The storage setting "bucket" is not valid')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
  });
});
