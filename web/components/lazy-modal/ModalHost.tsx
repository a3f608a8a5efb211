import useModal from 'antd/es/modal/useModal';
import type { HookAPI } from 'antd/es/modal/useModal';
import { useEffect } from 'react';

/** antd's modal hook and its holder, downloaded at the first dialog (useLazyModal.tsx). */
export default function ModalHost({ onReady }: { onReady: (api: HookAPI) => void }) {
  const [api, holder] = useModal();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
