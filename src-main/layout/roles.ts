import { EXCLUDED_ROLES, type BlockRole, type PageLayout } from '../shared/layout.js'
import { markAsides } from './asides.js'
import { boilerplateRoles, type RunningText } from './boilerplate.js'
import { copiedBlocks } from './copies.js'
import { markCaptions } from './captions.js'
import { markCode } from './code-blocks.js'
import { markFormulas } from './formulas.js'
import { markLists } from './list-items.js'
import { markHeadings } from './headings.js'
import { tableRegions } from './table-regions.js'

/**
 * Block roles: boilerplate (running heads and feet, page numbers, margin stamps) from the page
 * and the document's running text, blocks drawn a second time over themselves as noise,
 * captions of tables and figures (captions.ts), program listings (code-blocks.ts), display
 * formulas (formulas.ts) and list items (list-items.ts), titles and section headings from their size
 * against the document's body size (`bodySize`, 0 when unknown: no headings), side boxes beside
 * a paragraph as asides (asides.ts); every other block is body text.
 */
export function blockRoles(
  layout: PageLayout,
  running: readonly RunningText[] = [],
  bodySize = 0
): BlockRole[] {
  const roles = boilerplateRoles(layout, running)
  for (const id of copiedBlocks(layout)) roles[id] = 'noise'
  const tables = tableRegions(layout, (id) => !EXCLUDED_ROLES.has(roles[id] ?? 'body'))
  markCaptions(layout, roles, tables)
  markCode(layout, roles)
  markFormulas(layout, roles, tables)
  markLists(layout, roles, tables)
  markHeadings(layout, roles, bodySize)
  markAsides(layout, roles)
  return roles
}
