import type { BlockRole, PageLayout } from '../shared/layout.js'
import { boilerplateRoles, type RunningText } from './boilerplate.js'
import { copiedBlocks } from './copies.js'

/**
 * Block roles: boilerplate (running heads and feet, page numbers, margin stamps) from the page
 * and the document's running text, and blocks drawn a second time over themselves, as noise;
 * every other block is body text.
 */
export function blockRoles(layout: PageLayout, running: readonly RunningText[] = []): BlockRole[] {
  const roles = boilerplateRoles(layout, running)
  for (const id of copiedBlocks(layout)) roles[id] = 'noise'
  return roles
}
