import { Menu, type MenuItemConstructorOptions } from 'electron'
import { basename } from 'node:path'

export type MenuActions = Readonly<{
  openPdfs(): void
  openFolder(): void
  openDatabase(): void
  openRecent(dbFile: string): void
  exportGold(): void
  undo(): void
  redo(): void
}>

/** The native menu; rebuilt when the list of recent databases changes. */
export function buildMenu(actions: MenuActions, recent: readonly string[]): Menu {
  const mac = process.platform === 'darwin'
  const template: MenuItemConstructorOptions[] = [
    ...(mac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Open PDFs…', accelerator: 'CmdOrCtrl+O', click: actions.openPdfs },
        { label: 'Open Folder…', accelerator: 'CmdOrCtrl+Shift+O', click: actions.openFolder },
        { type: 'separator' },
        { label: 'Open Review Database…', click: actions.openDatabase },
        {
          label: 'Open Recent',
          enabled: recent.length > 0,
          submenu: recent.map((file) => ({
            label: `${basename(file)} — ${file}`,
            click: () => actions.openRecent(file)
          }))
        },
        { type: 'separator' },
        { label: 'Export Gold Set…', accelerator: 'CmdOrCtrl+E', click: actions.exportGold },
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' }
      ]
    },
    {
      label: 'Edit',
      submenu: [
        // The screen decides: in a text field this is text undo, elsewhere the page's revisions.
        { label: 'Undo', accelerator: 'CmdOrCtrl+Z', click: actions.undo },
        { label: 'Redo', accelerator: 'CmdOrCtrl+Shift+Z', click: actions.redo },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' }
      ]
    },
    {
      label: 'View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        { role: 'toggleDevTools' }
      ]
    }
  ]
  return Menu.buildFromTemplate(template)
}
