// Preloaded with `node --import`: appends the URL of every module the process loads through the
// ESM loader (its own files, packages, node: builtins) to the file RECTO_RECORD_IMPORTS names, one
// a line. A test reads the list to see what a command loaded, without timing anything.
import { register } from 'node:module'

const hooks = `
import { appendFileSync } from 'node:fs'
export async function load(url, context, nextLoad) {
  appendFileSync(process.env.RECTO_RECORD_IMPORTS, url + '\\n')
  return nextLoad(url, context)
}`

register(`data:text/javascript,${encodeURIComponent(hooks)}`)
