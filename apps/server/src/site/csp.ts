/**
 * A strict CSP for the public pages: our own script and media, the page's one style element (allowed by
 * its hash, `styleHash`) and its player's facade script (by its hash, `scriptHash`, on pages that inline it),
 * nothing else inline.
 * With a form challenge (CAPTCHA_PROVIDER), its provider's origins (`challengeSources`) may also serve
 * the widget's script, frame, styles and calls.
 */
export function pageCsp(frameAncestors: string, styleHash: string, challengeSources = '', scriptHash = ''): string {
  const also = challengeSources ? ` ${challengeSources}` : '';
  return [
    "default-src 'none'",
    `script-src 'self'${scriptHash ? ` ${scriptHash}` : ''}${also}`,
    `style-src ${styleHash}${also}`,
    "img-src 'self' data:",
    "media-src 'self' blob:",
    `connect-src 'self'${also}`,
    "worker-src 'self' blob:",
    ...(challengeSources ? [`frame-src ${challengeSources}`] : []),
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}
