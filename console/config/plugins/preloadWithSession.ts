import type { IApi } from 'umi';

/**
 * umi's routePreloadOnLoad helper preloads the chunks of the page in the address bar
 * (layout and page) before the app starts. Without a token the app sends the visitor to
 * login instead, so those chunks would be downloaded for nothing: the helper loads only
 * when the Access-Token cookie is there.
 */
export default (api: IApi) => {
  api.modifyHTML(($) => {
    $('script[src*="preload_helper"]').each((_i, elem) => {
      const src = $(elem).attr('src') ?? '';
      // An external script (public/session-preload.js), never an inline one: the server's
      // Content-Security-Policy allows scripts from this origin only.
      $(elem).replaceWith(`<script src="/session-preload.js" data-helper="${encodeURI(src)}"></script>`);
    });
    return $;
  });
};
