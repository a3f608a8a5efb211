import type { Messages } from './en';

/** RunApi 接口页面的中文文字，键与 `runapi.en.ts` 一致。 */
export const runApiZhCN: Messages['runApi'] = {
  method: '请求方式',
  request: '请求',
  copyUrl: '复制 URL',
  copied: '已复制',
  noDescription: '无描述',
  status: '接口状态：{{status}}',
  statuses: {
    developing: '开发中',
    testing: '测试中',
    done: '已完成',
    needsChange: '需修改',
    deprecated: '已废弃',
  },
  kinds: {
    websocket: 'WebSocket',
    sse: 'SSE 服务端推送',
  },
};
