import { GlobalOutlined } from '@ant-design/icons';
import { Button, type MenuProps } from 'antd';
import { LazyDropdown } from './LazyDropdown';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage, type UiLanguage } from '../i18n';

/** Menu entries for the two interface languages, each named in its own language. */
export function useLanguageItems(): { items: NonNullable<MenuProps['items']>; choose: (key: string) => boolean } {
  const { t } = useTranslation();
  const items = [
    { key: 'lang:en', label: t('lang.en'), lang: 'en' },
    { key: 'lang:zh-CN', label: t('lang.zhCN'), lang: 'zh-CN' },
  ].map(({ key, label, lang }) => ({ key, label: <span lang={lang}>{label}</span> }));
  const choose = (key: string) => {
    if (!key.startsWith('lang:')) return false;
    void setLanguage(key.slice('lang:'.length) as UiLanguage);
    return true;
  };
  return { items, choose };
}

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { items, choose } = useLanguageItems();
  const current = currentLanguage();
  return (
    <LazyDropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items, selectable: true, selectedKeys: [`lang:${current}`], onClick: ({ key }) => choose(key) }}
    >
      <Button type="text" icon={<GlobalOutlined aria-hidden />} aria-label={t('lang.label')} lang={i18n.language}>
        {current === 'zh-CN' ? t('lang.zhCN') : t('lang.en')}
      </Button>
    </LazyDropdown>
  );
}
