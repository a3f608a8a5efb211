import useModal from 'antd/es/modal/useModal';
import type { HookAPI } from 'antd/es/modal/useModal';
import { useEffect } from 'react';
import type { HookHostProps } from '../lazy-feedback/useLazyHookApi';

/** antd's modal hook and its holder, downloaded at the first dialog (useLazyModal.tsx). */
export default function ModalHost({ onReady }: HookHostProps<HookAPI, undefined>) {
  const [api, holder] = useModal();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
