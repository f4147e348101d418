// The layout's steps that extraction's steps (extract-steps-ab.js) leave out, another checkout's
// (built) against this one's, in one process, over the layouts an ingest stored:
//   node scripts/bench/layout-steps-ab.js <other checkout> <project> [--rounds 9]
// Steps: every block's text (`blockTextDetail`, which the table regions are first to ask for),
// the page's table regions once its order and block texts are known, and the layout's
// encoding for the store. Each build reads fresh copies of the layouts every round (the steps
// remember what they computed per layout and block object), the builds' order rotating from
// round to round; every step's output is first compared between the two builds.
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import Database from 'better-sqlite3'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '9' } }
})
if (positionals.length < 2) {
  console.error(
    'usage: node scripts/bench/layout-steps-ab.js <other checkout> <project> [--rounds N]'
  )
  process.exit(2)
}
const rounds = Number(values.rounds)

async function build(root) {
  const m = async (path) => import(pathToFileURL(join(root, 'out', 'src-main', path)).href)
  const { blockTextDetail } = await m('layout/block-text.js')
  const { tableRegions } = await m('layout/table-regions.js')
  const { analyzeOrder } = await m('layout/page-order.js')
  const { bodySize } = await m('layout/body-size.js')
  const { encodeLayout } = await m('store/layout-codec.js')
  const all = () => true
  return {
    root,
    steps: {
      'block texts': {
        run: (layout) => layout.blocks.map((b) => blockTextDetail(b)),
        before: () => {}
      },
      'table regions': {
        run: (layout) => tableRegions(layout, all),
        before: (layout) => {
          analyzeOrder(layout)
          bodySize(layout)
          for (const b of layout.blocks) blockTextDetail(b)
        }
      },
      encoding: { run: (layout) => encodeLayout(layout), before: () => {} }
    }
  }
}

const { decodeLayout } = await import(
  pathToFileURL(join(repo, 'out', 'src-main', 'store', 'layout-codec.js')).href
)
const db = new Database(resolve(positionals[1]), { readonly: true })
const blobs = db
  .prepare('SELECT layout FROM pages ORDER BY document_id, page_no')
  .all()
  .map((row) => row.layout)
db.close()
const fresh = () => blobs.map((blob) => decodeLayout(blob))
const builds = [await build(resolve(positionals[0])), await build(repo)]
const names = Object.keys(builds[0].steps)

const show = (value) => (Buffer.isBuffer(value) ? value.toString('base64') : JSON.stringify(value))
for (const name of names) {
  const [a, b] = builds.map(({ steps }) => {
    const step = steps[name]
    return fresh().map((layout) => {
      step.before(layout)
      return show(step.run(layout))
    })
  })
  const differ = a.filter((text, i) => text !== b[i]).length
  console.log(`${name}: ${differ} of ${blobs.length} pages differ`)
  if (differ > 0) process.exitCode = 1
}

const cpu = () => process.cpuUsage().user + process.cpuUsage().system
const times = builds.map(() => Object.fromEntries(names.map((n) => [n, []])))
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? [0, 1] : [1, 0]
  for (const which of order) {
    for (const name of names) {
      const step = builds[which].steps[name]
      const layouts = fresh()
      for (const layout of layouts) step.before(layout)
      const start = cpu()
      for (const layout of layouts) step.run(layout)
      times[which][name].push((cpu() - start) / 1000 / blobs.length)
    }
  }
}
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1]
console.log(`CPU ms a page, medians of ${rounds} rounds (${blobs.length} pages)`)
console.log(['step', 'other', 'this', 'this/other'].join('\t'))
for (const name of names) {
  const [o, t] = times.map((byStep) => median(byStep[name]))
  console.log([name, o.toFixed(3), t.toFixed(3), (t / o).toFixed(3)].join('\t'))
}
