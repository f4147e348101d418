import { EXCLUDED_ROLES, type BBox, type BlockRole, type PageLayout } from '../shared/layout.js'
import {
  extractionStructure,
  type LineRef,
  type PageStructure,
  type StructureBlock
} from '../shared/page-structure.js'
import type { StructureEdit } from '../shared/contract.js'
import type { ReviewState } from '../store/revisions.js'
import { AppError } from './errors.js'

/** What every structure edit changes of a review state. */
type Change = Readonly<{
  blocks: readonly StructureBlock[]
  order: readonly number[]
  excluded: readonly number[]
  /** Blocks whose corrected text no longer fits them (merged or split). */
  dropText: readonly number[]
}>

function conflict(message: string): AppError {
  return new AppError('conflict', message)
}

function find(blocks: readonly StructureBlock[], id: number): StructureBlock {
  const block = blocks.find((b) => b.id === id)
  if (!block) throw conflict(`the page has no block ${id}`)
  return block
}

function nextId(layout: PageLayout, blocks: readonly StructureBlock[]): number {
  return Math.max(layout.blocks.length - 1, ...blocks.map((b) => b.id)) + 1
}

/** An excluded role leaves its block out of the text; any other role takes it back in. */
function excludedFor(excluded: readonly number[], id: number, role: BlockRole): number[] {
  const rest = excluded.filter((other) => other !== id)
  return EXCLUDED_ROLES.has(role) ? [...rest, id].sort((a, b) => a - b) : rest
}

function lineCentre(layout: PageLayout, [blockId, index]: LineRef): [number, number] | null {
  const line = layout.blocks[blockId]?.lines[index]
  if (!line) return null
  const [x0, y0, x1, y1] = line.bbox
  return [(x0 + x1) / 2, (y0 + y1) / 2]
}

function inside([x, y]: [number, number], [x0, y0, x1, y1]: BBox): boolean {
  return x >= x0 && x <= x1 && y >= y0 && y <= y1
}

function change(
  layout: PageLayout,
  blocks: readonly StructureBlock[],
  state: ReviewState,
  edit: StructureEdit
): Change {
  const { order, excluded } = state
  switch (edit.kind) {
    case 'role': {
      const block = find(blocks, edit.id)
      return {
        blocks: blocks.map((b) => (b === block ? { ...b, role: edit.role } : b)),
        order,
        excluded: excludedFor(excluded, edit.id, edit.role),
        dropText: []
      }
    }
    case 'merge': {
      // The merged block reads its parts in the reading order, and takes the first one's place.
      const parts = [...new Set(edit.ids)]
        .map((id) => find(blocks, id))
        .sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id))
      const [first, ...rest] = parts
      if (!first || rest.length === 0) throw conflict('merging needs two blocks or more')
      const merged: StructureBlock = {
        id: first.id,
        role: first.role,
        lines: parts.flatMap((p) => p.lines)
      }
      const gone = new Set(rest.map((p) => p.id))
      return {
        blocks: blocks.filter((b) => !gone.has(b.id)).map((b) => (b === first ? merged : b)),
        order: order.filter((id) => !gone.has(id)),
        excluded: excluded.filter((id) => !gone.has(id)),
        dropText: [first.id]
      }
    }
    case 'split': {
      const block = find(blocks, edit.id)
      if (edit.line < 1 || edit.line >= block.lines.length) {
        throw conflict(
          `block ${edit.id} has ${block.lines.length} lines: split before 1 to ${block.lines.length - 1}`
        )
      }
      const id = nextId(layout, blocks)
      const head: StructureBlock = {
        id: block.id,
        role: block.role,
        lines: block.lines.slice(0, edit.line)
      }
      const tail: StructureBlock = { id, role: block.role, lines: block.lines.slice(edit.line) }
      const at = order.indexOf(block.id)
      return {
        blocks: blocks.flatMap((b) => (b === block ? [head, tail] : [b])),
        order: [...order.slice(0, at + 1), id, ...order.slice(at + 1)],
        excluded: excluded.includes(block.id) ? [...excluded, id].sort((a, b) => a - b) : excluded,
        dropText: [block.id]
      }
    }
    case 'region': {
      // The region takes the lines whose centre it holds, from whatever blocks held them.
      const taken: LineRef[] = []
      const from: number[] = []
      const left = blocks.map((b) => {
        const kept = b.lines.filter((ref) => {
          const centre = lineCentre(layout, ref)
          if (!centre || !inside(centre, edit.bbox)) return true
          taken.push(ref)
          if (!from.includes(b.id)) from.push(b.id)
          return false
        })
        return kept.length === b.lines.length ? b : { ...b, lines: kept }
      })
      const emptied = new Set(left.filter((b) => b.lines.length === 0 && !b.bbox).map((b) => b.id))
      taken.sort((a, b) => {
        const [ax, ay] = lineCentre(layout, a)!
        const [bx, by] = lineCentre(layout, b)!
        return ay - by || ax - bx
      })
      const id = nextId(layout, blocks)
      // A region with text is boxed by its lines, as any block (paragraph breaks are read from
      // where lines start within the box); only an empty one keeps the box drawn.
      const region: StructureBlock =
        taken.length > 0
          ? { id, role: edit.role, lines: taken }
          : { id, role: edit.role, lines: taken, bbox: [...edit.bbox] }
      const firstFrom = order.findIndex((other) => from.includes(other))
      const at = firstFrom < 0 ? order.length : firstFrom
      // The region stands where the first block it took lines from stood.
      const before = order.slice(0, at).filter((other) => !emptied.has(other))
      const after = order.slice(at).filter((other) => !emptied.has(other))
      return {
        blocks: [...left.filter((b) => !emptied.has(b.id)), region],
        order: [...before, id, ...after],
        excluded: excludedFor(
          excluded.filter((other) => !emptied.has(other)),
          id,
          edit.role
        ),
        dropText: from
      }
    }
    case 'delete': {
      find(blocks, edit.id)
      return {
        blocks: blocks.filter((b) => b.id !== edit.id),
        order: order.filter((id) => id !== edit.id),
        excluded: excluded.filter((id) => id !== edit.id),
        dropText: [edit.id]
      }
    }
  }
}

/**
 * A review state with one structure edit made: the blocks regrouped, the order, exclusions and
 * corrected texts kept for every block the edit left as it was.
 */
export function applyStructureEdit(
  layout: PageLayout,
  roles: readonly BlockRole[],
  state: ReviewState,
  edit: StructureEdit
): Omit<ReviewState, 'text'> {
  const structure: PageStructure = state.structure ?? extractionStructure(layout, roles)
  const next = change(layout, structure.blocks, state, edit)
  const alive = new Set(next.blocks.map((b) => b.id))
  const dropped = new Set(next.dropText)
  const blockText: Record<number, string> = {}
  for (const [id, text] of Object.entries(state.blockText)) {
    if (alive.has(Number(id)) && !dropped.has(Number(id))) blockText[Number(id)] = text
  }
  return {
    structure: { blocks: next.blocks },
    order: next.order,
    excluded: next.excluded,
    blockText,
    status: state.status
  }
}
