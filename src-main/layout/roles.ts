import type { BlockRole, PageLayout } from '../shared/layout.js'
import { boilerplateRoles, type RunningText } from './boilerplate.js'

/**
 * Block roles: boilerplate (running heads and feet, page numbers, margin stamps) from the page
 * and the document's running text; every other block is body text.
 */
export function blockRoles(layout: PageLayout, running: readonly RunningText[] = []): BlockRole[] {
  return boilerplateRoles(layout, running)
}
