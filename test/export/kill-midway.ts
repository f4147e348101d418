// Runs a gold export and kills its own process with SIGKILL just before the n-th file would be
// renamed into place: the harshest interruption there is, at the worst moment.
import { exportGold } from '../../src-main/export/gold-export.js'
import { openDatabaseReadOnly } from '../../src-main/store/open.js'

const [dbFile, dir, n] = process.argv.slice(2)
let renames = 0
await exportGold(openDatabaseReadOnly(dbFile!), dir!, {
  beforeRename: () => {
    if (++renames === Number(n)) process.kill(process.pid, 'SIGKILL')
  }
})
