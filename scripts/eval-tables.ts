/**
 * The table scorer over a generated set (test/helpers/generated-tables.ts): for each kind and
 * seed, whether every body row's cells land in their columns and the header rows are right, and
 * whether pages of prose in one, two and three columns (test/helpers/prose-pages.ts) yield no
 * table, nor three columns of paragraphs that start level without headings
 * (test/helpers/paragraph-columns.ts); then the
 * same kinds and seeds with a case forced that a seed draws only now and then (a column holding
 * only its header, a first body row of years), scored apart so that the first line stays
 * comparable across runs.
 * `tsx scripts/eval-tables.ts [seeds] [first]` (20 seeds a kind from seed 1000 by default; the
 * suite runs fewer). `first` counts from 1000, so `60 60` scores seeds 1060-1119, tables the
 * first 60 left unread. `--wrong` prints what each wrong table read.
 */
import { TABLE_KINDS, generatedTable, type TableVariant } from '../test/helpers/generated-tables.js'
import { levelParagraphsPage } from '../test/helpers/paragraph-columns.js'
import { prosePage } from '../test/helpers/prose-pages.js'
import { scoreTable, tablesOf } from '../test/helpers/table-score.js'

const seeds = Number(process.argv[2] ?? 20)
const first = 1000 + Number(process.argv[3] ?? 0)
const verbose = process.argv.includes('--wrong')
let rows = 0
let right = 0
let headers = 0
let tables = 0
for (const kind of TABLE_KINDS) {
  let kindRows = 0
  let kindRight = 0
  let kindHeaders = 0
  for (let seed = first; seed < first + seeds; seed++) {
    const truth = generatedTable(kind, seed)
    const score = scoreTable(truth, tablesOf(truth.bytes))
    kindRows += score.bodyRows
    kindRight += score.rightRows
    if (score.headerRight) kindHeaders++
    if (verbose && score.wrong.length > 0) {
      console.log(kind, seed, score.wrong.slice(0, 3).join('\n  '))
    }
  }
  rows += kindRows
  right += kindRight
  headers += kindHeaders
  tables += seeds
  console.log(`${kind.padEnd(12)} rows ${kindRight}/${kindRows}  headers ${kindHeaders}/${seeds}`)
}
let prose = 0
let proseTables = 0
for (const count of [1, 2, 3] as const) {
  for (let seed = first; seed < first + seeds; seed++) {
    prose++
    if (tablesOf(prosePage(count, seed)).length > 0) {
      proseTables++
      if (verbose) console.log('prose', count, seed, 'has a table')
    }
  }
}
let level = 0
for (let seed = first; seed < first + seeds; seed++) {
  if (tablesOf(levelParagraphsPage(seed).bytes).length > 0) {
    level++
    if (verbose) console.log('level paragraphs', seed, 'has a table')
  }
}
console.log(
  `body rows right ${right}/${rows} (${((right / rows) * 100).toFixed(1)}%), headers ${headers}/${tables}, prose pages with a table ${proseTables}/${prose}, level-paragraph pages with a table ${level}/${seeds}`
)

const VARIANTS: ReadonlyArray<[string, TableVariant]> = [
  ['a column holding only its header', { headerOnlyColumn: true }],
  ['a first body row of years', { yearsInFirstRow: true }]
]
for (const [name, variant] of VARIANTS) {
  let variantRows = 0
  let variantRight = 0
  let variantHeaders = 0
  for (const kind of TABLE_KINDS) {
    for (let seed = first; seed < first + seeds; seed++) {
      const truth = generatedTable(kind, seed, undefined, variant)
      const score = scoreTable(truth, tablesOf(truth.bytes))
      variantRows += score.bodyRows
      variantRight += score.rightRows
      if (score.headerRight) variantHeaders++
      if (verbose && score.wrong.length > 0) {
        console.log(name, kind, seed, score.wrong.slice(0, 3).join('\n  '))
      }
    }
  }
  console.log(
    `with ${name}: body rows right ${variantRight}/${variantRows}, headers ${variantHeaders}/${tables}`
  )
}
