import type { BlockRole, PageLayout } from '../shared/layout.js'
import { extractionStructure, type PageStructure } from '../shared/page-structure.js'

/** What a reviewer teaches by example: a page's reading order, its left-out blocks, its roles. */
export type TaughtFix = Readonly<{
  order: readonly number[]
  excluded: readonly number[]
  /** Role of each block by block id, where the reviewer set roles (null: the engine's). */
  roles: ReadonlyMap<number, BlockRole> | null
}>

/** Why a page's state cannot be taught or taken: its blocks are not the extraction's. */
export class RegroupedError extends Error {
  override name = 'RegroupedError'
}

/**
 * The reviewer's roles, where the page's structure only changed roles; throws where blocks were
 * merged, split, drawn or deleted (those do not carry to another page block for block).
 */
export function rolesOf(
  layout: PageLayout,
  structure: PageStructure | null | undefined
): ReadonlyMap<number, BlockRole> | null {
  if (!structure) return null
  const roles = new Map<number, BlockRole>()
  if (structure.blocks.length !== layout.blocks.length) {
    throw new RegroupedError('the page has merged, split, drawn or deleted blocks')
  }
  for (const block of structure.blocks) {
    const own = layout.blocks[block.id]
    const whole =
      own !== undefined &&
      !block.bbox &&
      block.lines.length === own.lines.length &&
      block.lines.every(([source, line], index) => source === block.id && line === index)
    if (!whole) throw new RegroupedError('the page has merged, split, drawn or deleted blocks')
    roles.set(block.id, block.role)
  }
  return roles
}

/** The fix on another page of the same layout: each block id mapped through `blocks`. */
export function mapFix(fix: TaughtFix, blocks: ReadonlyMap<number, number>): TaughtFix {
  const to = (id: number): number => {
    const mapped = blocks.get(id)
    if (mapped === undefined) throw new RegroupedError(`block ${id} has no pair on the page`)
    return mapped
  }
  return {
    order: fix.order.map(to),
    excluded: fix.excluded.map(to).sort((a, b) => a - b),
    roles: fix.roles && new Map([...fix.roles].map(([id, role]) => [to(id), role]))
  }
}

/** The structure a mapped fix gives a page: the extraction's blocks with the taught roles. */
export function structureFor(
  layout: PageLayout,
  engineRoles: readonly BlockRole[],
  roles: ReadonlyMap<number, BlockRole> | null
): PageStructure | null {
  if (!roles) return null
  const base = extractionStructure(layout, engineRoles)
  return { blocks: base.blocks.map((b) => ({ ...b, role: roles.get(b.id) ?? b.role })) }
}
