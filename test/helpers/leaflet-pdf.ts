import { column, textWidth, wrap, type DrawnPage, type Run } from './drawn-pdf.js'

const PROSE_UPRIGHT =
  'This text is set upright in the middle of the page and reads from left to right in the ordinary way, line after line, down to the end of its paragraph.'
const PROSE_UPRIGHT_MORE =
  'Around it stand three boxes of text turned at different angles, each of which must be read in its own direction and as a whole.'

/**
 * Instructions set as a tax form's booklet: three narrow columns of 8.5 pt prose, paragraphs
 * opening with a bold run-in heading on their first line ("Who must file. You must…"), and in
 * the middle column a side box: a bold "CAUTION" label in the column's left margin beside a
 * paragraph indented to make room for it.
 */
export const BOOKLET = {
  columns: [
    [
      [
        'Who must file.',
        'You must file a return if your income from work in this country was more than the amount shown for your filing status, whether or not any tax is due on it.'
      ],
      [
        'When to file.',
        'Returns of wages are due on the fifteenth day of the fourth month after the end of your tax year; a return filed late costs interest on any tax unpaid.'
      ],
      [
        'Where to file.',
        'Mail the return to the address given for your state in the table at the end of these instructions, and keep a copy of every page for your records.'
      ]
    ],
    [
      [
        'Rounding off.',
        'You may round off cents to whole dollars on the return and its schedules, but round every amount on the page in the same way for the totals to agree.'
      ],
      [
        'New law.',
        'At the time these instructions went to print, the legislature was considering changes that would use a different address for returns filed this year.'
      ],
      [
        'Signing.',
        'An unsigned return is not a return: sign and date it, and if someone else prepared it for you, that person must sign it as well and give an identifying number.'
      ]
    ],
    [
      [
        'Refunds.',
        'A refund is paid within six weeks of the day your return is received, unless the return has an error that the office must write to you about first.'
      ],
      [
        'Amended returns.',
        'If you find a mistake after you file, send an amended return with the corrected amounts and a short statement of what changed and why it changed.'
      ],
      [
        'Penalties.',
        'A penalty is charged for a return filed late or a payment made late, and for an amount understated through negligence or through a careless disregard of the rules.'
      ]
    ]
  ],
  /** The paragraph of the middle column beside which the side box stands. */
  boxed: 1,
  box: ['CAUTION', 'Check the', 'address']
} as const

const SIZE = 8.5
const LEADING = 10.5
const COLUMN_X = [40, 230, 420]
const COLUMN_WIDTH = 160
/** The side box's width, in the column's left part, and the indent of the lines it stands beside. */
const BOX_WIDTH = 42

/** A paragraph whose first line opens with its bold heading, wrapped into `width` from `x`. */
function paragraph(heading: string, text: string, x: number, top: number, width: number): Run[] {
  const headingWidth = textWidth(`${heading} `, SIZE, true)
  const [first = '', ...rest] = wrap(text, width - headingWidth, SIZE)
  const runs: Run[] = [
    { x, y: top, text: heading, size: SIZE, font: 'bold' },
    { x: x + headingWidth, y: top, text: first, size: SIZE }
  ]
  const more = wrap(rest.join(' '), width, SIZE)
  more.forEach((line, i) => runs.push({ x, y: top - (i + 1) * LEADING, text: line, size: SIZE }))
  return runs
}

/** The booklet page, and where the side box's lines stand. */
export function bookletPage(): DrawnPage {
  const runs: Run[] = []
  BOOKLET.columns.forEach((paragraphs, c) => {
    let top = 740
    paragraphs.forEach(([heading, text], p) => {
      const boxed = c === 1 && p === BOOKLET.boxed
      const x = COLUMN_X[c]! + (boxed ? BOX_WIDTH : 0)
      const width = COLUMN_WIDTH - (boxed ? BOX_WIDTH : 0)
      const drawn = paragraph(heading, text, x, top, width)
      if (boxed) {
        BOOKLET.box.forEach((label, i) =>
          runs.push({
            x: COLUMN_X[c]!,
            y: top - i * LEADING,
            text: label,
            size: 7,
            font: i === 0 ? 'bold' : undefined
          })
        )
      }
      runs.push(...drawn)
      top -= (drawn.length - 1) * LEADING + 2.2 * LEADING
    })
  })
  return { runs }
}

/**
 * A tri-fold leaflet: a landscape page in three panels, each with its bold title and a short
 * text of its own, drawn row by row across the panels (as a layout program may emit them).
 */
export const LEAFLET = [
  [
    'Opening hours',
    'The library opens at nine every weekday morning and closes at eight in the evening, with shorter hours on Saturdays and on the days before a public holiday.'
  ],
  [
    'Borrowing books',
    'Members may borrow up to twelve books at a time for three weeks each, and renew them twice online or at the desk unless another member has asked for them.'
  ],
  [
    'Study rooms',
    'Rooms for groups of two to eight people can be booked a week ahead; bring your card, leave the room as you found it, and keep food and drink outside.'
  ]
] as const

export function leafletPage(): DrawnPage {
  const panels = LEAFLET.map(([title, text], p) => {
    const x = 36 + p * 264
    return [
      { x, y: 540, text: title, size: 14, font: 'bold' as const },
      ...column(text, x, 510, 220, 11, 14)
    ]
  })
  const rows = Math.max(...panels.map((p) => p.length))
  const runs: Run[] = []
  for (let r = 0; r < rows; r++) for (const panel of panels) if (panel[r]) runs.push(panel[r]!)
  return { width: 792, height: 612, runs }
}

/**
 * Text boxes at several rotations on one page: an upright paragraph, a box turned a quarter
 * counter-clockwise up the left side, and a box turned a quarter clockwise down the right.
 */
export const BOXES = {
  upright:
    'This paragraph is set upright in the middle of the page and reads from left to right in the ordinary way.',
  up: 'Turned up the left side',
  down: 'Turned down the right side'
} as const

export function rotatedBoxesPage(): DrawnPage {
  return {
    runs: [
      ...column(BOXES.upright, 150, 600, 300, 11, 14),
      { x: 80, y: 300, text: BOXES.up, size: 14, angle: 90 },
      { x: 540, y: 600, text: BOXES.down, size: 14, angle: 270 }
    ]
  }
}

/**
 * A tri-fold leaflet as it is printed: three panels 12 pt apart, each under its bold heading,
 * holding a paragraph, a list of short items or an address of short lines, the panels ending at
 * different heights; drawn row by row across the panels, as a layout program emits them.
 */
export const TRIFOLD = [
  {
    heading: 'Opening hours',
    paragraph:
      'The library opens at nine every weekday morning and closes at eight in the evening, with shorter hours on Saturdays and on the days before a public holiday.',
    lines: ['Monday to Friday 9:00 to 20:00', 'Saturday 10:00 to 16:00', 'Sunday closed']
  },
  {
    heading: 'Borrowing books',
    paragraph:
      'Members may borrow up to twelve books at a time for three weeks each, and renew them twice online or at the desk unless another member has asked for them.',
    lines: [
      '- Books: twelve at a time',
      '- Films and music: five',
      '- Magazines: read them here',
      '- Renewals: twice, online or at the desk'
    ]
  },
  {
    heading: 'Find us',
    paragraph: 'Rooms for groups of two to eight people can be booked a week ahead.',
    lines: ['Valley Town Library', '12 Market Street', 'VT1 2AB']
  }
] as const

export function triFoldPage(): DrawnPage {
  const gap = 12
  const width = (792 - 72 - 2 * gap) / 3
  const runs = TRIFOLD.flatMap((panel, p) => {
    const x = 36 + p * (width + gap)
    const prose = column(panel.paragraph, x, 516, width, 10, 13)
    const listTop = 516 - (prose.length + 1) * 13
    return [
      { x, y: 544, text: panel.heading, size: 14, font: 'bold' as const },
      ...prose,
      ...panel.lines.map((text, i) => ({ x, y: listTop - i * 13, text, size: 10 }))
    ]
  })
  runs.sort((a, b) => b.y - a.y || a.x - b.x)
  return { width: 792, height: 612, runs }
}

/**
 * A dense instructions booklet as printed: three columns 32 pt apart, paragraphs set solid (no
 * space between them), each opening with a bold run-in heading or with an indent, and a
 * side box in the gutter left of the middle column (a "!" icon over a small "CAUTION") level
 * with a paragraph's lines and drawn between them, as a layout program places an anchored box.
 */
export const DENSE_BOOKLET = {
  /** Per column, [heading, text]: an empty heading opens the paragraph with an indent instead. */
  columns: [
    [
      [
        'Who must file.',
        'You must file a return if your income from work in this country was more than the amount shown for your filing status, whether or not any tax is due on it.'
      ],
      [
        '',
        'Returns of wages are due on the fifteenth day of the fourth month after the end of your tax year; a return filed late costs interest on any tax unpaid.'
      ],
      [
        'Where to file.',
        'Mail the return to the address given for your state in the table at the end of these instructions, and keep a copy of every page for your records.'
      ]
    ],
    [
      [
        'New law.',
        'At the time these instructions went to print, the legislature was considering changes that would use a different address for returns filed this year.'
      ],
      [
        '',
        'You may round off cents to whole dollars on the return and its schedules, but round every amount on the page in the same way for the totals to agree.'
      ],
      [
        'Signing.',
        'An unsigned return is not a return: sign and date it, and if someone else prepared it for you, that person must sign it as well and give an identifying number.'
      ]
    ],
    [
      [
        'Refunds.',
        'A refund is paid within six weeks of the day your return is received, unless the return has an error that the office must write to you about first.'
      ],
      [
        '',
        'If you find a mistake after you file, send an amended return with the corrected amounts and a short statement of what changed and why it changed.'
      ],
      [
        'Penalties.',
        'A penalty is charged for a return filed late or a payment made late, and for an amount understated through negligence or through a careless disregard of the rules.'
      ]
    ]
  ],
  /** The box's lines, beside the first paragraph of the middle column from its second line. */
  box: ['!', 'CAUTION']
} as const

/**
 * A paragraph justified to `width`, its first line opening with its bold run-in heading, or
 * indented where it has none.
 */
export function justified(
  heading: string,
  text: string,
  x: number,
  top: number,
  width: number
): Run[] {
  const lead = heading === '' ? 12 : textWidth(`${heading} `, SIZE, true)
  const [first, ...rest] = column(text, x, top, width - lead, SIZE, LEADING)
  const more = column(rest.map((r) => r.text).join(' '), x, top - LEADING, width, SIZE, LEADING)
  const runs: Run[] = [{ ...first!, x: x + lead }, ...more]
  return heading === '' ? runs : [{ x, y: top, text: heading, size: SIZE, font: 'bold' }, ...runs]
}

/**
 * A paragraph's lines (set from `top` at `x`) with a side box, a "!" icon over a small label, in
 * the gutter left of its second to fourth lines, drawn among the lines where a layout program
 * anchors the box.
 */
export function withSideBox(
  drawn: readonly Run[],
  x: number,
  top: number,
  [icon, label]: readonly [string, string]
): Run[] {
  return [
    ...drawn.slice(0, 3),
    { x: x - 16, y: top - LEADING - 2, text: icon, size: 14, font: 'bold' },
    drawn[3]!,
    { x: x - 28, y: top - 3 * LEADING, text: label, size: 6, font: 'bold' },
    ...drawn.slice(4)
  ]
}

export function denseBookletPage(): DrawnPage {
  const width = 160
  const xs = [36, 228, 420]
  const runs: Run[] = []
  DENSE_BOOKLET.columns.forEach((paragraphs, c) => {
    let top = 740
    paragraphs.forEach(([heading, text], p) => {
      const x = xs[c]!
      const drawn = justified(heading, text, x, top, width)
      runs.push(...(c === 1 && p === 0 ? withSideBox(drawn, x, top, DENSE_BOOKLET.box) : drawn))
      top -= new Set(drawn.map((r) => r.y)).size * LEADING
    })
  })
  return { runs }
}

/**
 * Text boxes of several lines at several rotations around an upright text: one turned a quarter
 * counter-clockwise up the left margin and one a quarter clockwise down the right margin, both
 * level with the first paragraph, and one tilted by 12 degrees between the two paragraphs, each line of a box a step across its own baseline.
 */
export const TURNED_BOXES = {
  upright: [PROSE_UPRIGHT, PROSE_UPRIGHT_MORE],
  boxes: [
    {
      angle: 90,
      x: 60,
      y: 560,
      lines: [
        'Turned up the left margin,',
        'this box reads from the',
        'bottom of the page upwards.'
      ]
    },
    {
      angle: 270,
      x: 552,
      y: 700,
      lines: [
        'Turned down the right margin,',
        'this box reads from the top',
        'of the page downwards.'
      ]
    },
    {
      angle: 12,
      x: 150,
      y: 480,
      lines: ['Tilted a little, this box', 'still reads along its own', 'slanting lines of text.']
    }
  ]
} as const

export function turnedBoxesPage(): DrawnPage {
  const [first, second] = TURNED_BOXES.upright
  const runs: Run[] = [
    ...column(first, 130, 700, 350, 11, 14),
    ...column(second, 130, 380, 350, 11, 14)
  ]
  for (const box of TURNED_BOXES.boxes) {
    const rad = (box.angle * Math.PI) / 180
    // The next line of a box is 14 pt down its own frame: along (sin, -cos) on the page.
    box.lines.forEach((text, i) =>
      runs.push({
        x: box.x + i * 14 * Math.sin(rad),
        y: box.y - i * 14 * Math.cos(rad),
        text,
        size: 11,
        angle: box.angle
      })
    )
  }
  return { runs }
}
