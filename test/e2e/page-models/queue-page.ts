import type { Locator, Page } from 'playwright-core'

export class QueuePage {
  readonly list: Locator
  readonly rows: Locator
  readonly selected: Locator
  /** Pages needing attention (the default) or all of them. */
  readonly pagesFilter: Locator

  constructor(readonly page: Page) {
    this.list = page.getByRole('listbox', { name: 'Pages to review' })
    this.rows = this.list.getByRole('option')
    this.selected = this.list.locator('[aria-selected="true"]')
    this.pagesFilter = page.getByRole('combobox', { name: 'Pages', exact: true })
  }

  /** Lists the pages the engine passed as ok too (the samples' text pages all are). */
  async showAll(): Promise<void> {
    await this.pagesFilter.selectOption('all')
  }

  row(documentName: string, pageNo: number): Locator {
    return this.list.getByRole('option', { name: rowName(documentName, pageNo) })
  }

  /** The row's picture of its page, once it is drawn (it is decorative: the row names the page). */
  thumbnail(documentName: string, pageNo: number): Locator {
    return this.row(documentName, pageNo).locator('img[src]')
  }

  /** The document and page a row shows, as its title reads ("report.pdf page 3"). */
  static async shown(row: Locator): Promise<{ documentName: string; pageNo: number }> {
    const title = (await row.locator('.title').innerText()).trim()
    const [, documentName, pageNo] = /^(.+?)\s+page (\d+)$/.exec(title) ?? []
    if (documentName === undefined) throw new Error(`a queue row titled "${title}"`)
    return { documentName, pageNo: Number(pageNo) }
  }
}

/**
 * A queue row's accessible name: what the row shows, from its title ("report.pdf page 3") on to
 * its flags, decision and status.
 */
export function rowName(documentName: string, pageNo: number): RegExp {
  const name = documentName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`^${name} page ${pageNo}(?!\\d)`)
}
