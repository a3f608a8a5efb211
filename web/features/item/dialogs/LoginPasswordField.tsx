import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** Transfer, archive and delete are confirmed with the person's own login password (seed 000 §5). */
export function LoginPasswordField({ autoFocus = false }: { autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={t('itemDialog.loginPassword')}
      name="password"
      rules={[{ required: true, message: t('itemDialog.loginPasswordRequired') }]}
    >
      <Input.Password autoComplete="current-password" autoFocus={autoFocus} />
    </Form.Item>
  );
}
