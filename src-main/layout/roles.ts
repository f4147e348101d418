import type { BlockRole, PageLayout } from '../shared/layout.js'

/**
 * Every block starts as body text; the boilerplate pass (running headers, footers, page numbers)
 * is what marks blocks to exclude.
 */
export function blockRoles(layout: PageLayout): BlockRole[] {
  return layout.blocks.map(() => 'body')
}
