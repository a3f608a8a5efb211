import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const lazyModalHook = fileURLToPath(new URL('./components/lazy-modal/useLazyModal.tsx', import.meta.url));
const lazyMessageHook = fileURLToPath(new URL('./components/lazy-feedback/useLazyMessage.tsx', import.meta.url));
const lazyNotificationHook = fileURLToPath(new URL('./components/lazy-feedback/useLazyNotification.tsx', import.meta.url));
const plainTooltipProvider = fileURLToPath(new URL('./components/PlainTooltipProvider.tsx', import.meta.url));

/** The antd files whose imports are redirected (antd's ES build, any path separator). */
const FORM_CONTEXT = /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/;
const INPUT = /[\\/]antd[\\/]es[\\/]input[\\/]Input\.js$/;
const APP = /[\\/]antd[\\/]es[\\/]app[\\/]App\.js$/;
const CONFIG_PROVIDER = /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/;

/**
 * Imports inside antd that put code on every screen's first load, the reader's included (issue 21),
 * pointed elsewhere in the build only (the tests run antd as published):
 *
 * - Every antd component imports antd's form context (through ContextIsolator), and that context imports
 *   `@rc-component/form`'s index only for `FormProvider`. The index assigns Field, List, useForm and Form
 *   onto its default export at load, so none of them can be tree-shaken: the whole form engine and its
 *   validator (about 10 KB brotli) came without a form on screen. Pointed at the file `FormProvider` lives
 *   in, that import keeps the same module (the same React context) the form screens reach through the index.
 * - antd's plain Input (the reader's catalog search) imports `@rc-component/input`'s index for its default,
 *   the plain input; the index brings the auto-sizing TextArea along. The file of the plain input serves.
 * - antd's App (AppProviders.tsx) calls `Modal.useModal()` for `App.useApp().modal`, which brings the modal
 *   and its confirm dialog. It gets useLazyModal instead: the same API, the dialog code loaded at the first call.
 * - The same App calls `useMessage()` and `useNotification()` for `App.useApp().message` and `.notification`,
 *   which bring @rc-component/notification and both styles (about 7 KB brotli). They get useLazyMessage and
 *   useLazyNotification: the same APIs, the code loaded at the first call or when the browser is first idle.
 * - ConfigProvider imports the tooltip's UniqueProvider (with all of @rc-component/trigger) for its
 *   `tooltip.unique` option, which Folio does not set: PlainTooltipProvider stands in.
 */
export function antdReaderTrims(): Plugin {
  return {
    name: 'folio-antd-reader-trims',
    // Before Vite's own resolver, which would otherwise answer first.
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, from) {
      if (!from) return null;
      if (source === '@rc-component/form' && FORM_CONTEXT.test(from)) {
        const index = await this.resolve(source, from, { skipSelf: true });
        return index ? path.join(path.dirname(index.id), 'FormContext.js') : null;
      }
      if (source === '@rc-component/input' && INPUT.test(from)) {
        const index = await this.resolve(source, from, { skipSelf: true });
        return index ? path.join(path.dirname(index.id), 'Input.js') : null;
      }
      if (source === '../modal/useModal' && APP.test(from)) return lazyModalHook;
      if (source === '../message/useMessage' && APP.test(from)) return lazyMessageHook;
      if (source === '../notification/useNotification' && APP.test(from)) return lazyNotificationHook;
      if (source === '../tooltip/UniqueProvider' && CONFIG_PROVIDER.test(from)) return plainTooltipProvider;
      return null;
    },
  };
}
