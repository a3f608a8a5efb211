/**
 * The one script in the app's HTML (web/vite.config.ts puts it in <head>): it marks <html> with the theme
 * before anything is painted, so a dark choice never flashes light while the app's code loads (and the
 * page the server draws into the HTML, server/modules/page/first-paint.ts, shows in it). It repeats, in
 * a few lines, what web/features/theme/theme-preference.ts decides once the app runs. The server allows
 * exactly this text by its hash (server/http/security-headers.ts); any change to it changes the hash.
 */

/** Where the header's explicit choice is kept between visits (beside the language's `folio_lang`). */
export const THEME_STORAGE_KEY = 'folio_theme';

export const THEME_BOOT_SCRIPT =
  `(function(){try{var p=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});` +
  `var s=p==="dark"||(p!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches)?"dark":"light";` +
  `document.documentElement.dataset.theme=s;document.documentElement.style.colorScheme=s}catch(e){}})()`;
