import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The engine's import map, read from the source as it stands: each folder of src-main/ sits on
 * the folders it imports (the cascade in pipeline/ on top of the stages it drives, what they
 * share below them), so no import runs back up and no files import each other in a loop.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const ENGINE = join(ROOT, 'src-main')

type Import = Readonly<{ from: string; to: string }>

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.c?ts$/.test(entry.name) ? [path] : []
  })
}

/** Every relative import of the engine's files: static, type-only, re-exports, bare and import(). */
function engineImports(): Import[] {
  return sourceFiles(ENGINE).flatMap((file) => {
    const source = readFileSync(file, 'utf8')
    const specifiers = source.matchAll(
      /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?\bfrom\s+'(\.[^']+)'|\bimport\(?\s*'(\.[^']+)'/g
    )
    return [...specifiers].map((match) => {
      const target = resolve(dirname(file), match[1] ?? match[2] ?? '')
      return { from: relative(ROOT, file), to: relative(ROOT, target).replace(/\.c?js$/, '.ts') }
    })
  })
}

/** The folder of src-main/ a file stands in ("src-main/ocr" for src-main/ocr/cascade.ts). */
function folderOf(path: string): string {
  return path.split('/').slice(0, 2).join('/')
}

/** Groups of nodes that reach each other (Tarjan), each of more than one node. */
function loops(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (node: string): void => {
    index.set(node, index.size)
    low.set(node, index.get(node) ?? 0)
    stack.push(node)
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0))
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0))
      }
    }
    if (low.get(node) !== index.get(node)) return
    const group: string[] = []
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      group.push(member)
      if (member === node) break
    }
    if (group.length > 1) found.push(group.sort())
  }
  for (const node of edges.keys()) if (!index.has(node)) visit(node)
  return found
}

function graph(
  imports: readonly Import[],
  key: (path: string) => string
): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>()
  for (const { from, to } of imports) {
    const [a, b] = [key(from), key(to)]
    if (a === b) continue
    edges.set(a, (edges.get(a) ?? new Set()).add(b))
  }
  return edges
}

/** Each loop with what ties it: every arrow inside it, with one import that draws it. */
function described(
  groups: readonly string[][],
  imports: readonly Import[],
  key: (path: string) => string
): string[] {
  return groups.map((group) => {
    const arrows = new Map<string, Import[]>()
    for (const link of imports) {
      const [a, b] = [key(link.from), key(link.to)]
      if (a === b || !group.includes(a) || !group.includes(b)) continue
      arrows.set(`${a} → ${b}`, [...(arrows.get(`${a} → ${b}`) ?? []), link])
    }
    const ties = [...arrows].map(([arrow, links]) => {
      const [first, ...more] = links
      // A file's own arrow says all; a folder's names one of the imports that draw it.
      if (!first || first.from === arrow.split(' → ')[0]) return arrow
      return `${arrow} (${first.from} → ${first.to}${more.length ? `, ${more.length} more` : ''})`
    })
    return `a loop of ${group.join(', ')}: ${ties.join('; ')}`
  })
}

describe('the engine import map', () => {
  const imports = engineImports()

  it('reads the imports of every folder', () => {
    const folders = new Set(imports.map(({ from }) => folderOf(from)))
    expect(folders).toContain('src-main/pipeline')
    expect(imports).toContainEqual({
      from: 'src-main/pipeline/cascade.ts',
      to: 'src-main/ocr/cascade.ts'
    })
  })

  it('has no files that import each other in a loop', () => {
    const byFile = (path: string) => path
    expect(described(loops(graph(imports, byFile)), imports, byFile)).toEqual([])
  })

  it('has no folder that imports a folder above it', () => {
    expect(described(loops(graph(imports, folderOf)), imports, folderOf)).toEqual([])
  })
})
