import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'

export const CHROMIUM = '/usr/bin/chromium'

/**
 * Debian's Chromium, headless, in a throw-away profile (TOOLCHAIN.md section 3). `args` add to
 * its command line (a host name mapped to loopback); `ignoreHTTPSErrors` takes a test's
 * self-signed certificate.
 */
export async function launchBrowser(
  options: Readonly<{ args?: readonly string[]; ignoreHTTPSErrors?: boolean }> = {}
): Promise<{ page: Page; context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'recto-chromium-'))
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1400, height: 900 },
    ignoreHTTPSErrors: options.ignoreHTTPSErrors ?? false,
    args: [
      ...(options.args ?? []),
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync'
    ]
  })
  const page = context.pages()[0] ?? (await context.newPage())
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return {
    page,
    context,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
      if (errors.length > 0) throw new Error(`errors in the page: ${errors.join('; ')}`)
    }
  }
}
