import { SaveOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { BaseInfoLoadState } from '../item/dialogs/BaseInfoLoadState';
import { useItemBaseInfo, type BaseInfoFields } from '../item/dialogs/useItemBaseInfo';
import { ItemBaseFields } from '../item/ItemBaseFields';
import { VisibilityFields } from '../item/VisibilityFields';

/**
 * The base-info tab: the dialog's fields and rules (useItemBaseInfo) in a form that stays on the page.
 * An archived project shows its values and cannot be changed: the server refuses `item/update` for it.
 */
export function BaseInfoPanel({ itemId, archived }: { itemId: number; archived: boolean }) {
  const { t } = useTranslation();
  const { form, detail, wasPrivate, submit, saving } = useItemBaseInfo(itemId, () => undefined);

  if (!detail.data) return <BaseInfoLoadState detail={detail} />;
  return (
    <Form<BaseInfoFields>
      form={form}
      name="item-setting-base-info"
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      disabled={archived}
      className="item-setting-form"
    >
      <ItemBaseFields />
      <VisibilityFields keepHint={wasPrivate} />
      {!archived && (
        <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={saving}>
          {t('itemDialog.save')}
        </Button>
      )}
    </Form>
  );
}
