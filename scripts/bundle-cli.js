// Bundles the command line (out/src-main/cli/, as tsc wrote it) into out/cli/. Node's ESM loader
// resolves, reads and links each of the 190 modules `recto text` needs one at a time, which made
// up a third of its start-up; the bundle is a handful of files. Every command and every command's
// help stays a file of its own, loaded only when asked for (chunks hold what they share), and the
// packages stay in node_modules. Threads, the server's renderer and the desktop app run the
// engine's own files in out/src-main/.
import { build } from 'esbuild'
import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = fileURLToPath(new URL('..', import.meta.url))
const cli = join(repo, 'out', 'src-main', 'cli')
const modulesIn = (folder) =>
  readdirSync(join(cli, folder))
    .filter((file) => file.endsWith('.js'))
    .map((file) => join(cli, folder, file))

const outdir = join(repo, 'out', 'cli')
// Chunks are named by their content: those of an earlier build would stay beside the new ones.
rmSync(outdir, { recursive: true, force: true })
await build({
  entryPoints: [join(cli, 'main.js'), ...modulesIn('commands'), ...modulesIn('help')],
  outbase: cli,
  outdir,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning'
})
