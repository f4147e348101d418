import { describe, expect, it } from 'vitest'
import { answerBlocks, transcription } from '../../src-main/vlm/answer-text.js'

describe('a vision model’s answer as blocks', () => {
  it('reads headings by level, list items with their markers, paragraphs line by line', () => {
    const blocks = answerBlocks(
      [
        '# Building notes',
        '',
        'The north wall was **rebuilt** in',
        'the spring of 1887.',
        '',
        '## Materials',
        '- brick from the old mill',
        '2. lime mortar',
        '',
        '| Item | Cost |',
        '|------|-----:|',
        '| Brick | 12 |'
      ].join('\n')
    )
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, lines: ['Building notes'], bold: true },
      {
        kind: 'paragraph',
        level: 0,
        lines: ['The north wall was rebuilt in', 'the spring of 1887.'],
        bold: false
      },
      { kind: 'heading', level: 2, lines: ['Materials'], bold: true },
      { kind: 'item', level: 0, lines: ['• brick from the old mill'], bold: false },
      { kind: 'item', level: 0, lines: ['2. lime mortar'], bold: false },
      { kind: 'paragraph', level: 0, lines: ['Item  Cost', 'Brick  12'], bold: false }
    ])
  })

  it('takes the text out of what models wrap it in: a fence, olmOCR’s JSON or its front matter', () => {
    expect(transcription('```markdown\nDear Sir,\nyours truly\n```')).toBe('Dear Sir,\nyours truly')
    expect(
      transcription('{"primary_language":"en","is_rotation_valid":true,"natural_text":"Dear Sir,"}')
    ).toBe('Dear Sir,')
    expect(transcription('---\nprimary_language: en\nis_table: false\n---\nDear Sir,')).toBe(
      'Dear Sir,'
    )
    // A page that opens with a brace or a rule is text, not a wrapper.
    expect(transcription('{a, b} is a set')).toBe('{a, b} is a set')
    expect(answerBlocks('{"natural_text": null}')).toEqual([])
  })
})
