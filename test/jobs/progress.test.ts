import { describe, expect, it } from 'vitest'
import { IngestProgress, type IngestSnapshot } from '../../src-main/jobs/progress.js'

function tracker(filesTotal: number, bytesTotal: number) {
  let now = 1_000
  const snapshots: IngestSnapshot[] = []
  const progress = new IngestProgress({
    filesTotal,
    bytesTotal,
    emit: (s) => snapshots.push(s),
    now: () => now
  })
  return {
    progress,
    snapshots,
    tick: (ms: number) => {
      now += ms
    }
  }
}

describe('IngestProgress', () => {
  it('emits the first snapshot at once, then at most one per 100 ms, and always the last', () => {
    const { progress, snapshots, tick } = tracker(2, 300)
    expect(snapshots).toHaveLength(1)
    expect(snapshots[0]).toMatchObject({
      filesDone: 0,
      filesTotal: 2,
      fraction: 0,
      etaSeconds: null
    })

    progress.fileStarted('a.pdf', 100)
    tick(40)
    progress.pagesKnown('a.pdf', 4)
    for (let i = 0; i < 4; i++) progress.pageExtracted('a.pdf')
    tick(40)
    progress.pageDone('a.pdf')
    expect(snapshots).toHaveLength(1)

    tick(30)
    progress.pageDone('a.pdf')
    expect(snapshots).toHaveLength(2)
    expect(snapshots[1]).toEqual({
      filesDone: 0,
      filesTotal: 2,
      pagesDone: 2,
      pagesTotal: 4,
      fraction: (100 / 300) * (6 / 8),
      pagesPerSecond: 2 / 0.11,
      etaSeconds: (0.11 * (1 - 1 / 4)) / (1 / 4),
      currentFile: 'a.pdf',
      errors: 0,
      elapsedMs: 110,
      finished: false
    })

    tick(10)
    progress.pageDone('a.pdf')
    progress.pageDone('a.pdf')
    progress.fileFinished('a.pdf', 100, false)
    expect(snapshots).toHaveLength(2)

    const last = progress.finish()
    expect(snapshots).toHaveLength(3)
    expect(last).toMatchObject({
      filesDone: 1,
      pagesDone: 4,
      fraction: 1,
      etaSeconds: 0,
      finished: true
    })
  })

  it('never moves backwards when a file opens late or fails', () => {
    const { progress, snapshots, tick } = tracker(3, 300)
    progress.fileStarted('a.pdf', 100)
    progress.fileStarted('b.pdf', 100)
    progress.pagesKnown('a.pdf', 2)
    for (let i = 0; i < 2; i++) {
      tick(100)
      progress.pageDone('a.pdf')
    }
    tick(100)
    progress.pagesKnown('b.pdf', 10)
    tick(100)
    progress.pageDone('b.pdf')
    tick(100)
    progress.fileFinished('b.pdf', 100, true)
    tick(100)
    progress.fileSkipped(100)
    tick(100)
    progress.fileFinished('a.pdf', 100, false)
    progress.finish()

    const fractions = snapshots.map((s) => s.fraction)
    expect(fractions).toEqual([...fractions].sort((x, y) => x - y))
    const pages = snapshots.map((s) => s.pagesDone)
    expect(pages).toEqual([...pages].sort((x, y) => x - y))
    const final = snapshots.at(-1)!
    expect(final).toMatchObject({ filesDone: 3, pagesDone: 3, pagesTotal: 3, errors: 1 })
    expect(snapshots.find((s) => s.pagesTotal === 12)?.currentFile).toBe('b.pdf')
  })

  it('treats files already ingested as no work: the total shrinks, the rate stays honest', () => {
    const { progress, snapshots, tick } = tracker(2, 200)
    progress.fileSkipped(100)
    tick(200)
    progress.fileStarted('b.pdf', 100)
    progress.pagesKnown('b.pdf', 2, 2)
    tick(200)
    progress.pageDone('b.pdf')
    expect(snapshots.at(-1)).toMatchObject({ filesDone: 1, fraction: 0.75, pagesPerSecond: 2.5 })
    expect(snapshots.at(-1)?.etaSeconds).toBeCloseTo(0.4 / 3)
  })
})
