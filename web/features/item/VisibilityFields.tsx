import { GlobalOutlined, LockOutlined } from '@ant-design/icons';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Visibility } from './item-rules';

export interface VisibilityValues {
  visibility: Visibility;
  password?: string;
}

/**
 * Open or private, and the visit password of a private project. `keepHint` says that an empty field keeps
 * the current password (base info of a project that is private already).
 */
export function VisibilityFields({ keepHint = false }: { keepHint?: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<VisibilityValues>();
  const visibility = Form.useWatch('visibility', form);

  return (
    <>
      <Form.Item label={t('itemDialog.visibility')} name="visibility">
        <Radio.Group
          className="visibility-choice"
          options={[
            {
              value: 'open',
              label: (
                <span className="visibility-option">
                  <GlobalOutlined aria-hidden /> {t('itemDialog.open')}
                  <span className="visibility-hint">{t('itemDialog.openHint')}</span>
                </span>
              ),
            },
            {
              value: 'private',
              label: (
                <span className="visibility-option">
                  <LockOutlined aria-hidden /> {t('itemDialog.private')}
                  <span className="visibility-hint">{t('itemDialog.privateHint')}</span>
                </span>
              ),
            },
          ]}
        />
      </Form.Item>
      {visibility === 'private' && (
        <Form.Item
          label={t('itemDialog.visitPassword')}
          name="password"
          extra={keepHint ? t('itemDialog.keepPasswordHint') : undefined}
        >
          <Input.Password autoComplete="new-password" maxLength={100} placeholder={keepHint ? t('itemDialog.keepPasswordPlaceholder') : undefined} />
        </Form.Item>
      )}
    </>
  );
}
