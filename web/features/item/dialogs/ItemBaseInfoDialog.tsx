import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { ItemBaseFields } from '../ItemBaseFields';
import { VisibilityFields } from '../VisibilityFields';
import { BaseInfoLoadState } from './BaseInfoLoadState';
import type { ItemDialogProps } from './types';
import { useItemBaseInfo, type BaseInfoFields } from './useItemBaseInfo';

/** Name, description, personal domain, open or private (seed 001 §2 "Base info"), in a dialog. */
export default function ItemBaseInfoDialog({ item, open, onClose }: ItemDialogProps) {
  const { t } = useTranslation();
  const { form, detail, wasPrivate, submit, saving } = useItemBaseInfo(item.item_id, onClose);

  return (
    <FormDialog<BaseInfoFields>
      open={open}
      name="item-base-info"
      form={form}
      title={t('itemDialog.baseInfo.title', { name: item.item_name })}
      okText={t('itemDialog.save')}
      loading={saving}
      okDisabled={!detail.data}
      onSubmit={submit}
      onClose={onClose}
    >
      {detail.data ? (
        <>
          <ItemBaseFields autoFocus />
          <VisibilityFields keepHint={wasPrivate} />
        </>
      ) : (
        <BaseInfoLoadState detail={detail} />
      )}
    </FormDialog>
  );
}
