import {
  ApiOutlined,
  CopyOutlined,
  DeleteOutlined,
  ExportOutlined,
  FolderOutlined,
  HistoryOutlined,
  ImportOutlined,
  InboxOutlined,
  InfoCircleOutlined,
  OrderedListOutlined,
  ProfileOutlined,
  RestOutlined,
  SettingOutlined,
  SwapOutlined,
  TeamOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { ReactElement } from 'react';

/** The icons of the editors' and managers' menus in the project view (MenuIcon.tsx loads them). */
export const menuIcons = {
  api: <ApiOutlined aria-hidden />,
  copy: <CopyOutlined aria-hidden />,
  delete: <DeleteOutlined aria-hidden />,
  export: <ExportOutlined aria-hidden />,
  folder: <FolderOutlined aria-hidden />,
  history: <HistoryOutlined aria-hidden />,
  import: <ImportOutlined aria-hidden />,
  inbox: <InboxOutlined aria-hidden />,
  infoCircle: <InfoCircleOutlined aria-hidden />,
  orderedList: <OrderedListOutlined aria-hidden />,
  profile: <ProfileOutlined aria-hidden />,
  rest: <RestOutlined aria-hidden />,
  setting: <SettingOutlined aria-hidden />,
  swap: <SwapOutlined aria-hidden />,
  team: <TeamOutlined aria-hidden />,
  unorderedList: <UnorderedListOutlined aria-hidden />,
} satisfies Record<string, ReactElement>;
