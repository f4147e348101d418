import { describe, expect, it } from 'vitest'
import { SoakMeter } from '../../scripts/soak/meter.js'

/** A meter whose server RSS reads from a list, one value a minute. */
function meterOver(rss: readonly number[]): SoakMeter {
  let minute = 0
  return new SoakMeter(() => rss[minute++] ?? NaN)
}

describe('the soak meter', () => {
  it('prints a row a minute with its p95, and calls memory flat within 10% of minute one', () => {
    const meter = meterOver([300, 340, 329])
    for (let ms = 1; ms <= 100; ms++) meter.request(ms)
    meter.minute()
    meter.request(7)
    meter.minute()
    meter.request(9)
    meter.minute()
    const report = meter.report()
    expect(report.table.split('\n')).toEqual([
      'minute  requests  errors  p95 ms  RSS MB',
      '     1       100       0    95.0   300.0',
      '     2         1       0     7.0   340.0',
      '     3         1       0     9.0   329.0'
    ])
    expect(report.verdict).toBe(
      'soak: 102 requests, 0 errors; RSS 300.0 MB after the first minute, 329.0 MB at the end (+9.7%): flat'
    )
    expect(report.ok).toBe(true)
  })

  it('fails a run whose memory grew past 10%, or that had an error, and lists the errors', () => {
    const grown = meterOver([300, 331])
    grown.request(5)
    grown.minute()
    grown.request(5)
    grown.minute()
    expect(grown.report()).toMatchObject({ ok: false })
    expect(grown.report().verdict).toContain('(+10.3%): NOT flat')

    const failed = meterOver([300, 300])
    failed.request(5)
    failed.minute()
    failed.error('revisions.undo: conflict: nothing to undo on this page')
    failed.minute()
    expect(failed.report().ok).toBe(false)
    expect(failed.report().verdict).toContain('1 errors;')
    expect(failed.report().verdict).toContain('  error: revisions.undo: conflict')
  })
})
