import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSiteOrigin } from '../site/queries';
import { ITEM_DOMAIN_MAX, itemDomainProblem } from './item-rules';

export interface ItemBaseValues {
  item_name: string;
  item_description?: string;
  item_domain?: string;
}

/** Name, description and personal domain: the same fields when creating a project and in its base info. */
export function ItemBaseFields({ autoFocus = false }: { autoFocus?: boolean }) {
  const { t } = useTranslation();
  // The host alone: the scheme adds width and nothing a person needs to read here.
  const host = new URL(useSiteOrigin()).host;
  return (
    <>
      <Form.Item
        label={t('itemDialog.name')}
        name="item_name"
        rules={[{ required: true, whitespace: true, message: t('itemDialog.nameRequired') }]}
      >
        <Input maxLength={100} autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item label={t('itemDialog.description')} name="item_description">
        <Input.TextArea maxLength={2000} rows={3} placeholder={t('itemDialog.descriptionPlaceholder')} />
      </Form.Item>
      <Form.Item
        label={t('itemDialog.domain')}
        name="item_domain"
        extra={t('itemDialog.domainHelp')}
        rules={[
          {
            validator: (_rule, value: string | undefined) => {
              const problem = itemDomainProblem((value ?? '').trim());
              if (problem === null) return Promise.resolve();
              const text =
                problem === 'length' ? t('itemDialog.domainLength', { max: ITEM_DOMAIN_MAX }) : t(`itemDialog.domain${problem === 'numeric' ? 'Numeric' : 'Characters'}`);
              return Promise.reject(new Error(text));
            },
          },
        ]}
      >
        <Input prefix={<span className="domain-prefix">{host}/</span>} autoComplete="off" autoCapitalize="off" spellCheck={false} maxLength={ITEM_DOMAIN_MAX} />
      </Form.Item>
    </>
  );
}
