#!/usr/bin/env node
// The CLI is compiled by `npm run build` (run by `npm ci`/`npm install` through `prepare`).
import { main } from '../out/cli/main.js'

// A reader that stops early (`recto text a.pdf | head`) closes the pipe: the output ends there,
// quietly, as it does for any Unix tool, instead of as an unhandled EPIPE.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
})

process.exitCode = await main(process.argv.slice(2))
