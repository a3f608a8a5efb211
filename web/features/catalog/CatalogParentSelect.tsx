import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { pathLabel, type CatalogChoice } from './catalog-choices';

interface CatalogParentSelectProps {
  /** The catalogs to offer besides the top level, already cut to those that keep the depth limit. */
  choices: readonly CatalogChoice[];
  /** Whether the top level is offered (0). */
  withRoot?: boolean;
  loading?: boolean;
  disabled?: boolean;
  // Filled in by Form.Item.
  id?: string;
  value?: number;
  onChange?: (catId: number) => void;
}

/** A catalog chooser showing each catalog's full path ("Guides / Install"), searchable. */
export function CatalogParentSelect({ choices, withRoot = true, loading, disabled, id, value, onChange }: CatalogParentSelectProps) {
  const { t } = useTranslation();
  const options = [
    ...(withRoot ? [{ value: 0, label: t('catalogManager.root') }] : []),
    ...choices.map((choice) => ({ value: choice.catId, label: pathLabel(choice) })),
  ];
  return (
    <Select<number>
      id={id}
      value={loading ? undefined : value}
      onChange={onChange}
      options={options}
      loading={loading}
      disabled={disabled}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}
