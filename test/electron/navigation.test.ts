import { describe, expect, it } from 'vitest'
import { isAppUrl, isExternalUrl } from '../../src-main/electron/navigation.js'

const APP = 'file:///opt/recto/out/renderer/index.html'

describe('the window navigation policy', () => {
  it('stays on the app page, whatever its route', () => {
    expect(isAppUrl(APP, APP)).toBe(true)
    expect(isAppUrl(`${APP}#/page/3/2`, APP)).toBe(true)
  })

  it('refuses every other page, local or remote', () => {
    expect(isAppUrl('file:///etc/passwd', APP)).toBe(false)
    expect(isAppUrl('file:///opt/recto/out/renderer/other.html', APP)).toBe(false)
    expect(isAppUrl('https://example.com/opt/recto/out/renderer/index.html', APP)).toBe(false)
    expect(isAppUrl('not a url', APP)).toBe(false)
  })

  it('hands only web and mail links to the system browser', () => {
    expect(isExternalUrl('https://example.com/')).toBe(true)
    expect(isExternalUrl('http://example.com/')).toBe(true)
    expect(isExternalUrl('mailto:someone@example.com')).toBe(true)
    expect(isExternalUrl('file:///etc/passwd')).toBe(false)
    expect(isExternalUrl('javascript:alert(1)')).toBe(false)
    expect(isExternalUrl('smb://server/share')).toBe(false)
  })
})
