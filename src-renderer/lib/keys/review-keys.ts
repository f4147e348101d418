import { canvasView } from '../state/canvas-view.svelte'
import { review } from '../state/review.svelte'
import { teach } from '../state/teach.svelte'
import { vlm } from '../state/vlm.svelte'
import { plain, withAlt, withCtrl, type Shortcut } from './shortcut'

export type ReviewTab = 'blocks' | 'text' | 'fonts' | 'history'

/** What the review screen does that its keys need beyond the page state. */
export type ReviewScreen = Readonly<{
  /** Undoes the last action across pages, then shows this page as it is now. */
  undoAcross(): void
  go(direction: 'next' | 'previous'): void
  approve(): void
  showTab(tab: ReviewTab): void
  /** Puts the keyboard focus on the block's row in the order list, when the list is shown. */
  focusBlock(id: number): void
  /** Opens or closes the list of the selected block's lines to split it at. */
  toggleSplit(): void
  /** Puts the focus on the selected block's role, for the arrow keys to change it. */
  focusRole(): void
  /** The block whose row has the keyboard focus, if any. */
  focusedBlock(): number | null
}>

/** The block the keys act on: the focused row's, else the selected one. Never the hovered one. */
function current(screen: ReviewScreen): number | null {
  return screen.focusedBlock() ?? review.selected
}

function step(screen: ReviewScreen, delta: 1 | -1): void {
  const order = review.state?.order ?? []
  if (order.length === 0) return
  const at = current(screen)
  const index = at === null ? (delta > 0 ? -1 : order.length) : order.indexOf(at)
  const next = order[Math.max(0, Math.min(order.length - 1, index + delta))]
  if (next === undefined) return
  review.selected = next
  screen.focusBlock(next)
}

function moveBlock(screen: ReviewScreen, delta: 1 | -1): void {
  const id = current(screen)
  const order = review.state?.order ?? []
  if (id === null) return
  const from = order.indexOf(id)
  const to = from + delta
  if (from < 0 || to < 0 || to >= order.length) return
  review.selected = id
  review.move(from, to)
  screen.focusBlock(id)
}

function withSelected(screen: ReviewScreen, act: (id: number) => void): void {
  const id = current(screen)
  if (id !== null) act(id)
}

const TABS: Readonly<Record<string, ReviewTab>> = {
  b: 'blocks',
  t: 'text',
  f: 'fonts',
  h: 'history'
}

/** Every key of the review screen; the `?` help lists this same table. */
export function reviewShortcuts(screen: ReviewScreen): readonly Shortcut[] {
  return [
    {
      keys: '↓ / ↑',
      does: 'Select the next / previous block in reading order',
      matches: plain('ArrowDown', 'ArrowUp'),
      run: (e) => step(screen, e.key === 'ArrowDown' ? 1 : -1)
    },
    { keys: 'Enter / Space', does: 'Select the block whose row has the focus' },
    {
      keys: 'Alt+↑ / Alt+↓',
      does: 'Move the selected block earlier / later in the reading order',
      matches: withAlt('ArrowUp', 'ArrowDown'),
      run: (e) => moveBlock(screen, e.key === 'ArrowDown' ? 1 : -1)
    },
    {
      keys: 'x',
      does: 'Exclude the selected block from the text, or take it back in',
      matches: plain('x'),
      run: () => withSelected(screen, (id) => review.toggleExcluded(id))
    },
    {
      keys: 'e / F2',
      does: "Edit the selected block's text",
      matches: plain('e', 'F2'),
      run: () =>
        withSelected(screen, (id) => {
          screen.showTab('blocks')
          review.selected = id
          review.editing = id
        })
    },
    { keys: 'Ctrl+Enter', does: 'In the block editor: keep the text and close the editor' },
    { keys: 'Esc', does: 'In the block editor: close it without keeping the text' },
    {
      keys: 'o',
      does: 'Order by clicking: click the blocks on the page in reading order',
      matches: plain('o'),
      run: () => (review.clicking ? review.stopClicking() : review.startClicking())
    },
    {
      keys: 'Shift+O',
      does: "Reset the reading order to the engine's",
      matches: plain('O'),
      run: () => review.resetOrder()
    },
    {
      keys: 'Esc',
      does: 'End ordering by clicking or drawing, else unselect the block',
      matches: plain('Escape'),
      run: () => {
        if (review.clicking) review.stopClicking()
        else if (review.drawing) review.drawing = false
        else review.selected = null
      }
    },
    {
      keys: 'c',
      does: "Change the selected block's role (body, heading, header, footer, table…)",
      matches: plain('c'),
      run: () => withSelected(screen, () => screen.focusRole())
    },
    {
      keys: 'Shift+J',
      does: 'Merge the selected block with the next one in reading order',
      matches: plain('J'),
      run: () =>
        withSelected(screen, (id) => {
          const order = review.state?.order ?? []
          const next = order[order.indexOf(id) + 1]
          if (next !== undefined) void review.restructure({ kind: 'merge', ids: [id, next] })
        })
    },
    {
      keys: 's',
      does: 'Split the selected block: list its lines to split before one',
      matches: plain('s'),
      run: () => withSelected(screen, () => screen.toggleSplit())
    },
    {
      keys: 'd',
      does: 'Draw a region on the page: it becomes a block of the text under it',
      matches: plain('d'),
      run: () => (review.drawing = !review.drawing)
    },
    {
      keys: 'Delete',
      does: 'Delete the selected block (its text leaves the page)',
      matches: plain('Delete'),
      run: () => withSelected(screen, (id) => void review.restructure({ kind: 'delete', id }))
    },
    {
      keys: 'l',
      does: "Pages like this: offer the page's order and roles to the pages of the same layout",
      matches: plain('l'),
      run: () => (teach.open = true)
    },
    { keys: 'Enter / Esc', does: 'In pages like this: apply to all of them / to none' },
    {
      keys: 'Shift+U',
      does: 'Undo the last action across pages (a taught order, a find and replace) on every page',
      matches: plain('U'),
      run: () => screen.undoAcross()
    },
    {
      keys: 'a',
      does: 'Approve the page and open the next one',
      matches: plain('a'),
      run: () => screen.approve()
    },
    {
      keys: 'r',
      does: 'Reject the page',
      matches: plain('r'),
      run: () => review.setStatus('rejected')
    },
    {
      keys: 'm',
      does: 'Mark the page for OCR',
      matches: plain('m'),
      run: () => review.setStatus('ocr')
    },
    {
      keys: 'Shift+V',
      does: 'Have the vision model of your pricing file read the page (it is sent to its server)',
      matches: plain('V'),
      run: () => {
        const page = review.detail
        if (page) void vlm.send(page.documentId, page.pageNo)
      }
    },
    {
      keys: 'n / p',
      does: 'Open the next / previous page of the queue',
      matches: plain('n', 'p'),
      run: (e) => screen.go(e.key === 'n' ? 'next' : 'previous')
    },
    {
      keys: 'Ctrl+Z',
      does: 'Undo the last change to the page',
      matches: withCtrl('z'),
      run: () => void review.undo()
    },
    {
      keys: 'Ctrl+Shift+Z / Ctrl+Y',
      does: 'Redo',
      matches: (e) => withCtrl('z', true)(e) || withCtrl('y')(e),
      run: () => void review.redo()
    },
    {
      keys: '+ / − / 0',
      does: 'Zoom the page in / out / to fit its width (kept for the next pages)',
      matches: plain('+', '=', '-', '0'),
      run: (e) => canvasView.ask(e.key === '0' ? 'fit' : e.key === '-' ? 'out' : 'in')
    },
    {
      keys: 'b / t / f / h',
      does: 'Show the Blocks / Text / Fonts / History tab',
      matches: plain('b', 't', 'f', 'h'),
      run: (e) => screen.showTab(TABS[e.key] ?? 'blocks')
    }
  ]
}
