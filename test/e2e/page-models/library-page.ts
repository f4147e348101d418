import type { Locator, Page } from 'playwright-core'

export class LibraryPage {
  readonly heading: Locator
  readonly documents: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Library' })
    this.documents = page.getByRole('table').getByRole('row')
  }

  document(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true })
  }

  async openQueue(): Promise<void> {
    await this.page.getByRole('link', { name: 'Queue' }).click()
  }
}
