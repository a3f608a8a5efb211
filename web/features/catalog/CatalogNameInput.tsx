import { Input, type FormRule, type InputProps } from 'antd';
import type { TFunction } from 'i18next';

/** The server refuses longer names (counted in characters as people see them). */
export const MAX_CATALOG_NAME = 255;

/** A name made only of spaces is no name: the server refuses it too. */
export function catalogNameRules(t: TFunction): FormRule[] {
  return [{ required: true, whitespace: true, message: t('catalogManager.nameRequired') }];
}

export function CatalogNameInput(props: InputProps) {
  return <Input maxLength={MAX_CATALOG_NAME} autoComplete="off" {...props} />;
}
