import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

export const CHROMIUM = '/usr/bin/chromium'

/**
 * Chromium, launched once a worker for each command line: a launch took longer than most of an
 * end-to-end file's tests, and every caller still gets a context of its own, which starts with
 * no cookies, storage or cache of anyone else's. The browser lives as long as its worker process;
 * Playwright ends it when the process exits.
 */
const launched = new Map<string, Promise<Browser>>()

function browserWith(args: readonly string[]): Promise<Browser> {
  const commandLine = args.join('\n')
  const known = launched.get(commandLine)
  if (known) return known
  const browser = chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...args,
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
  launched.set(commandLine, browser)
  // A browser that failed to start or went away is launched afresh by the next caller.
  browser.then(
    (started) => started.on('disconnected', () => launched.delete(commandLine)),
    () => launched.delete(commandLine)
  )
  return browser
}

/**
 * A page of Debian's Chromium, headless, in a context of its own (TOOLCHAIN.md section 3).
 * `args` add to the browser's command line (a host name mapped to loopback); `ignoreHTTPSErrors`
 * takes a test's self-signed certificate. `close()` fails if a script in the page threw.
 */
export async function openBrowser(
  options: Readonly<{ args?: readonly string[]; ignoreHTTPSErrors?: boolean }> = {}
): Promise<{ page: Page; context: BrowserContext; close(): Promise<void> }> {
  const browser = await browserWith(options.args ?? [])
  const context = await browser.newContext({
    viewport: { width: 1400, height: 900 },
    ignoreHTTPSErrors: options.ignoreHTTPSErrors ?? false
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return {
    page,
    context,
    async close() {
      await context.close()
      if (errors.length > 0) throw new Error(`errors in the page: ${errors.join('; ')}`)
    }
  }
}
