import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { fetchReaderItem, readerKeys } from '../api/reader';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { isItemRef } from '../features/item/item-rules';
import { ProjectScreen } from '../features/item/ProjectScreen';
import { ItemSettingTabs } from '../features/itemSetting/ItemSettingTabs';
import { RequireLogin } from '../features/user/RequireLogin';
import '../features/itemSetting/item-setting.css';
import NotFound from './NotFound';

/**
 * `/item/setting/{item_id}` (seed 001 §2 "Project settings"): base info, members, open API and recycle
 * bin of one project, for its managers. `item/info` says who the caller is to the project: a password
 * or a login it needs leads there (with the way back), a project that is gone is not found, and someone
 * who may read but not manage it is told so. Sending them to the password screen, as a refused dialog
 * does, would loop: that screen sends anyone who may read the project straight back here.
 */
export default function ItemSetting() {
  const { itemId } = useParams();
  if (!isItemRef(itemId)) return <NotFound />;
  return (
    <RequireLogin>
      <ItemSettingScreen itemRef={itemId} />
    </RequireLogin>
  );
}

function ItemSettingScreen({ itemRef }: { itemRef: string }) {
  const { t } = useTranslation();
  const info = useQuery({
    // A view of the project (`itemKeys.project`), so saving the base info (refreshItemLists) refreshes the title here too.
    queryKey: readerKeys.settings(itemRef),
    queryFn: ({ signal }) => fetchReaderItem(itemRef, signal),
    retry: false,
    staleTime: 0,
  });
  useDocumentTitle(info.data ? t('itemSetting.pageTitle', { name: info.data.item_name }) : t('itemSetting.title'));

  return (
    <ProjectScreen
      itemRef={itemRef}
      info={info}
      allowed={(item) => item.item_manage}
      refusal={(item) => ({ title: t('itemSetting.managersOnly'), hint: t('itemSetting.managersOnlyHint', { name: item.item_name }) })}
      title={(item) => t('itemSetting.pageTitle', { name: item.item_name })}
      backLabel={t('itemSetting.backToProject')}
      name="item-setting"
    >
      {(item) => <ItemSettingTabs item={item} />}
    </ProjectScreen>
  );
}
