/** Schemes handed to the system browser; anything else a page links to is dropped. */
const EXTERNAL_SCHEMES = new Set(['https:', 'http:', 'mailto:'])

/** The window may only ever show the app's own page (hash routes included). */
export function isAppUrl(url: string, appUrl: string): boolean {
  try {
    const target = new URL(url)
    const app = new URL(appUrl)
    return target.protocol === app.protocol && target.pathname === app.pathname && !target.host
  } catch {
    return false
  }
}

export function isExternalUrl(url: string): boolean {
  try {
    return EXTERNAL_SCHEMES.has(new URL(url).protocol)
  } catch {
    return false
  }
}
