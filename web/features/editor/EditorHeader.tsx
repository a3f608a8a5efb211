import { CloseOutlined, DownOutlined, FolderOutlined, LockOutlined, NotificationOutlined, SaveOutlined, SnippetsOutlined, UnlockOutlined } from '@ant-design/icons';
import { Button, Dropdown, Select, Space, Tooltip, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { pathLabel, type CatalogChoice } from '../catalog/catalog-choices';
import { EditableTitle } from './EditableTitle';
import type { LockState } from './usePageLock';

export interface EditorHeaderProps {
  title: string;
  onTitle(title: string): void;
  newPage: boolean;
  catId: number;
  catalogs: readonly CatalogChoice[];
  catalogsLoading: boolean;
  onCatalog(catId: number): void;
  saving: boolean;
  dirty: boolean;
  lock: LockState;
  onClose(): void;
  onSave(): void;
  onSaveAndNotify(): void;
  onSaveAsTemplate(): void;
  onLock(): void;
  onUnlock(): void;
}

/** The editor's top bar (seed 001 §2): close, title, catalog, save-and-notify and the save split button. */
export function EditorHeader(props: EditorHeaderProps) {
  const { t } = useTranslation();
  const { lock } = props;
  const menu: MenuProps['items'] = [
    { key: 'template', icon: <SnippetsOutlined />, label: t('editor.saveAsTemplate') },
    ...(lock.kind === 'held'
      ? [{ key: 'unlock', icon: <UnlockOutlined />, label: t('editor.unlock') }]
      : lock.kind === 'released'
        ? [{ key: 'lock', icon: <LockOutlined />, label: t('editor.lock') }]
        : []),
  ];
  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'template') props.onSaveAsTemplate();
    if (key === 'unlock') props.onUnlock();
    if (key === 'lock') props.onLock();
  };
  return (
    <header className="page-editor-header">
      <Tooltip title={t('editor.close')}>
        <Button icon={<CloseOutlined />} aria-label={t('editor.close')} onClick={props.onClose} />
      </Tooltip>
      <div className="page-editor-heading">
        <EditableTitle value={props.title} onChange={props.onTitle} autoEdit={props.newPage && props.title === ''} />
        <Select<number>
          className="page-editor-catalog"
          aria-label={t('editor.catalog')}
          value={props.catalogsLoading ? undefined : props.catId}
          loading={props.catalogsLoading}
          onChange={props.onCatalog}
          prefix={<FolderOutlined aria-hidden />}
          popupMatchSelectWidth={false}
          showSearch={{ optionFilterProp: 'label' }}
          options={[{ value: 0, label: t('editor.rootCatalog') }, ...props.catalogs.map((choice) => ({ value: choice.catId, label: pathLabel(choice) }))]}
        />
      </div>
      <Space className="page-editor-actions" size={8}>
        {props.dirty && (
          <span className="page-editor-unsaved" role="status">
            {t('editor.unsaved')}
          </span>
        )}
        {!props.newPage && (
          <Tooltip title={t('editor.saveAndNotify')}>
            <Button icon={<NotificationOutlined />} aria-label={t('editor.saveAndNotify')} onClick={props.onSaveAndNotify} disabled={props.saving} />
          </Tooltip>
        )}
        <Space.Compact>
          <Tooltip title={t('editor.saveShortcut')}>
            <Button type="primary" icon={<SaveOutlined />} loading={props.saving} onClick={props.onSave}>
              {t('editor.save')}
            </Button>
          </Tooltip>
          <Dropdown menu={{ items: menu, onClick: onMenu }} trigger={['click']} placement="bottomRight">
            <Button type="primary" icon={<DownOutlined />} aria-label={t('editor.moreSaveActions')} />
          </Dropdown>
        </Space.Compact>
      </Space>
    </header>
  );
}
