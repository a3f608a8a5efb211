import { createContext, type Dispatch, type SetStateAction } from 'react';
import type { MenuProps } from 'antd';

/**
 * On a phone the reader's header has room for one "more" menu, not two: the project's managers' menu
 * (HeaderActions) hands its entries to the header (ReaderHeader), which folds them into its own menu with
 * the account and the languages. The header provides this slot only on narrow screens; elsewhere it is null
 * and the managers' menu keeps its own button.
 */
export interface HeaderMenu {
  items: NonNullable<MenuProps['items']>;
  onClick: (key: string) => void;
}

export const HeaderMenuSlot = createContext<Dispatch<SetStateAction<HeaderMenu | null>> | null>(null);
