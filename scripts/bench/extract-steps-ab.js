// The JS steps extraction runs after MuPDF's reading (extract/page.ts, from side boxes to inset
// boxes), another checkout's (built) against this one's, in one process:
//   node scripts/bench/extract-steps-ab.js <other checkout> [<folder of PDFs>] [--rounds 9]
// A whole extraction is mostly MuPDF, and a change to one step is lost in what whole runs differ
// by on a shared machine. Here every page's input to each step is made once, by this checkout's
// own steps, and each build then runs the step on a fresh copy of it (steps remember what they
// computed per line and block object, so a copy read twice would be cheaper the second time),
// the builds' order rotating from round to round. Every step's output is first compared between
// the two builds, as JSON; a change that moves one is not a speed-up, and the script says so.
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '9' } }
})
if (positionals.length === 0) {
  console.error(
    'usage: node scripts/bench/extract-steps-ab.js <other checkout> [<folder>] [--rounds N]'
  )
  process.exit(2)
}
const other = resolve(positionals[0])
const folder = resolve(positionals[1] ?? join(repo, '..', 'shared', 'corpus', 'pdf'))
const rounds = Number(values.rounds)

/** The steps of one build, each a function of the blocks the step before it made. */
async function steps(root) {
  const m = async (path) => import(pathToFileURL(join(root, 'out', 'src-main', path)).href)
  const { takeOutSideBoxes, withSideBoxes } = await m('extract/side-boxes.js')
  const { takeOutSideNotes } = await m('extract/side-notes.js')
  const { cutAtGutters } = await m('extract/gutter-cuts.js')
  const { splitBlockColumns } = await m('extract/block-columns.js')
  const { mergeVerticalColumns } = await m('extract/vertical-columns.js')
  const { mergeVerticalParagraphs } = await m('extract/vertical-paragraphs.js')
  const { joinTurnedBoxLines } = await m('extract/turned-boxes.js')
  const { mergeParagraphs } = await m('extract/paragraphs.js')
  const { splitAtParagraphStarts } = await m('extract/paragraph-starts.js')
  const { splitAtBlankRows } = await m('extract/blank-rows.js')
  const { joinAroundInsetBoxes } = await m('extract/inset-boxes.js')
  const { joinWordPieces } = await m('extract/word-pieces.js')
  const { fitTouchingPieces } = await m('extract/touching-pieces.js')
  return {
    pieces: (blocks) => fitTouchingPieces(joinWordPieces(blocks)),
    sideBoxes: (blocks) => takeOutSideBoxes(blocks),
    sideNotes: ({ text, boxes }) => {
      const notes = takeOutSideNotes(text)
      return { text: notes.text, boxes: [...boxes, ...notes.boxes] }
    },
    gutters: ({ text, boxes }) => ({ text: cutAtGutters(text), boxes }),
    columns: ({ text, boxes }) => withSideBoxes(splitBlockColumns(text), boxes),
    vertical: (blocks) => mergeVerticalParagraphs(mergeVerticalColumns(blocks)),
    turned: (blocks) => joinTurnedBoxLines(blocks),
    paragraphs: (blocks) => mergeParagraphs(blocks),
    starts: (blocks) => splitAtParagraphStarts(blocks),
    blankRows: (blocks) => splitAtBlankRows(blocks),
    insets: (blocks) => joinAroundInsetBoxes(blocks)
  }
}

const builds = [
  { name: 'other', steps: await steps(other) },
  { name: 'this', steps: await steps(repo) }
]
const names = Object.keys(builds[1].steps)
const m = async (path) => import(pathToFileURL(join(repo, 'out', 'src-main', path)).href)
const { openPdf, closePdf } = await m('extract/open.js')
const { pageFrame } = await m('extract/geometry.js')
const { mupdf } = await m('extract/mupdf.js')
const { readStext } = await m('extract/stext.js')
const { STEXT_OPTIONS } = await m('extract/page.js')
const { tuneTieringForBatch } = await m('jobs/batch-tiering.js')
tuneTieringForBatch()
mupdf.disableICC()

// Each page's input to every step, made by this checkout's steps.
const inputs = []
for (const name of readdirSync(folder)
  .filter((n) => /\.pdf$/i.test(n))
  .sort()) {
  let file
  try {
    file = openPdf(readFileSync(join(folder, name)))
  } catch {
    continue
  }
  for (let index = 0; index < file.pageCount; index++) {
    let page
    let stext
    try {
      page = file.pdf.loadPage(index)
      const frame = pageFrame(page.getTransform(), page.getBounds())
      stext = page.toStructuredText(STEXT_OPTIONS)
      let value = readStext(stext.pointer, frame).blocks
      const page_ = {}
      for (const step of names) {
        page_[step] = value
        value = builds[1].steps[step](value)
      }
      inputs.push({ name, index, steps: page_ })
    } catch {
      // A page MuPDF fails on has no steps to time.
    } finally {
      stext?.destroy()
      page?.destroy()
    }
  }
  closePdf(file)
}

let differ = 0
for (const { name, index, steps: given } of inputs) {
  for (const step of names) {
    const [a, b] = builds.map((build) =>
      JSON.stringify(build.steps[step](structuredClone(given[step])))
    )
    if (a !== b) {
      differ++
      console.log(`${step} differs: ${name} page ${index + 1}`)
    }
  }
}
console.log(
  `${inputs.length} pages, ${names.length} steps, ${differ} outputs differ between the builds`
)

const cpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}
// spent[build][step] per round
const spent = builds.map(() => Object.fromEntries(names.map((s) => [s, []])))
for (let round = 0; round < rounds; round++) {
  const sums = builds.map(() => Object.fromEntries(names.map((s) => [s, 0])))
  for (let turn = 0; turn < builds.length; turn++) {
    const which = (round + turn) % builds.length
    const copies = inputs.map(({ steps: given }) => structuredClone(given))
    for (const copy of copies) {
      for (const step of names) {
        const started = cpuMs()
        builds[which].steps[step](copy[step])
        sums[which][step] += cpuMs() - started
      }
    }
  }
  sums.forEach((byStep, i) => names.forEach((s) => spent[i][s].push(byStep[s] / inputs.length)))
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]
console.log(`CPU ms a page, median of ${rounds} alternated rounds: other, this`)
let totals = [0, 0]
for (const step of names) {
  const [a, b] = builds.map((_, i) => median(spent[i][step]))
  totals = [totals[0] + a, totals[1] + b]
  console.log(`${step.padEnd(12)} ${a.toFixed(3).padStart(7)} ${b.toFixed(3).padStart(7)}`)
}
console.log(
  `${'all'.padEnd(12)} ${totals[0].toFixed(3).padStart(7)} ${totals[1].toFixed(3).padStart(7)}`
)
