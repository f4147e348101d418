#!/usr/bin/env node
// The CLI is compiled by `npm run build` (run by `npm ci`/`npm install` through `prepare`).
import { main } from '../out/src-main/cli/main.js'

process.exitCode = await main(process.argv.slice(2))
