import type { Page } from 'playwright-core'

/** Logs in at the server's address without the per-run token: what a teammate is given. */
export async function logIn(page: Page, address: string, name: string, password: string) {
  await page.goto(address)
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

/** Takes the next page from the queue screen, as a reviewer does; returns the page's title. */
export async function claimFromQueue(page: Page, wait: { timeout: number }): Promise<string> {
  await page.getByRole('link', { name: 'Queue', exact: true }).click()
  await page.getByRole('button', { name: 'Next page' }).click()
  await page
    .getByRole('status', { name: 'Claim' })
    .filter({ hasText: 'You hold this page' })
    .waitFor(wait)
  return (await page.locator('.page-review h1').getAttribute('title'))!
}
