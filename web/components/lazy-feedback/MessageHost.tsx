import type { ConfigOptions, MessageInstance } from 'antd/es/message/interface';
import useMessage from 'antd/es/message/useMessage';
import { useEffect, type ReactElement } from 'react';
import type { HookHostProps } from './useLazyHookApi';

/** antd's message hook and its holder, downloaded apart from the first load (useLazyMessage.tsx). */
export default function MessageHost({ config, onReady }: HookHostProps<MessageInstance, ConfigOptions>): ReactElement | null {
  const [api, holder] = useMessage(config);
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
