import { Alert, Form, Radio, Select, type FormInstance } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReaderItem } from '../../api/reader';
import { catalogOptions, markdownAllowed, type ExportFormValues } from './export-choices';

/**
 * The export form's fields (seed 001 §2 "export dialog", §5): format; for Word the whole project or a
 * catalog, then all of its pages or one; for markdown its tip. Used by the dialog and by the
 * `/item/export/{item_id}` screen inside their own antd Form.
 */
export function ExportFields({ form, item }: { form: FormInstance<ExportFormValues>; item: ReaderItem }) {
  const { t } = useTranslation();
  const format = Form.useWatch('format', form) ?? 'word';
  const scope = Form.useWatch('scope', form) ?? 'all';
  const catId = Form.useWatch('catId', form);
  const catalogs = useMemo(() => catalogOptions(item.menu.catalogs), [item.menu]);
  const pages = catalogs.find((c) => c.catId === catId)?.pages ?? [];
  const withMarkdown = markdownAllowed(item.item_type);

  return (
    <>
      <Form.Item name="format" label={t('export.format')}>
        <Radio.Group aria-label={t('export.format')}>
          <Radio value="word">{t('export.word')}</Radio>
          {withMarkdown && <Radio value="markdown">{t('export.markdown')}</Radio>}
        </Radio.Group>
      </Form.Item>
      {format === 'word' && (
        <Form.Item name="scope" label={t('export.scope')}>
          <Radio.Group aria-label={t('export.scope')}>
            <Radio value="all">{t('export.scopeAll')}</Radio>
            <Radio value="catalog" disabled={catalogs.length === 0}>
              {t('export.scopeCatalog')}
            </Radio>
          </Radio.Group>
        </Form.Item>
      )}
      {format === 'word' && scope === 'catalog' && (
        <>
          <Form.Item name="catId" label={t('export.catalog')} rules={[{ required: true, message: t('export.catalogRequired') }]}>
            <Select
              aria-label={t('export.catalog')}
              placeholder={t('export.catalogPlaceholder')}
              showSearch={{ optionFilterProp: 'label' }}
              options={catalogs.map((c) => ({ value: c.catId, label: c.label }))}
              onChange={() => form.setFieldValue('pageId', 0)}
            />
          </Form.Item>
          <Form.Item name="pageId" label={t('export.page')}>
            <Select
              aria-label={t('export.page')}
              disabled={catId === undefined}
              showSearch={{ optionFilterProp: 'label' }}
              options={[{ value: 0, label: t('export.allPages') }, ...pages.map((p) => ({ value: p.pageId, label: p.title }))]}
            />
          </Form.Item>
        </>
      )}
      {format === 'markdown' && <Alert type="info" showIcon title={t('export.markdownTip')} />}
    </>
  );
}
