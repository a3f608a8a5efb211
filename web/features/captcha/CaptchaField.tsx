import { ReloadOutlined } from '@ant-design/icons';
import { Form, Input, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Captcha } from './useCaptcha';

/** The captcha text box with its picture; clicking the picture asks for a new one. Nothing when the site asks for no captcha. */
export function CaptchaField({ captcha, id = 'captcha' }: { captcha: Captcha; id?: string }) {
  const { t } = useTranslation();
  if (!captcha.enabled) return null;
  return (
    <Form.Item label={t('auth.captcha')} htmlFor={id} required>
      <div className="captcha-row">
        <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: t('auth.required.captcha') }]}>
          <Input
            id={id}
            placeholder={t('auth.captchaPlaceholder')}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={16}
          />
        </Form.Item>
        <button
          type="button"
          className="captcha-image"
          onClick={captcha.refresh}
          title={t('auth.captchaImage')}
          aria-label={t('auth.captchaImage')}
        >
          {captcha.imageUrl ? (
            <img src={captcha.imageUrl} alt={t('auth.captchaImage')} width={120} height={40} />
          ) : captcha.failed ? (
            <ReloadOutlined aria-hidden />
          ) : (
            <Spin size="small" aria-label={t('auth.captchaLoading')} />
          )}
        </button>
      </div>
    </Form.Item>
  );
}
