import { describe, expect, it } from 'vitest'
import { FewAtATime } from '../../../src-renderer/lib/backend/few-at-a-time.js'

/** A request that answers when the test says so, noting when it was sent. */
function deferred(name: string, sent: string[]) {
  let answer: (value: string) => void = () => undefined
  const request = () => {
    sent.push(name)
    return new Promise<string>((resolve) => (answer = resolve))
  }
  return { request, answer: (value = name) => answer(value) }
}

describe('background requests a few at a time', () => {
  it('sends at most the limit at once, then the one asked last first', async () => {
    const sent: string[] = []
    const slots = new FewAtATime(2)
    const requests = ['a', 'b', 'c', 'd', 'e'].map((name) => deferred(name, sent))
    const answers = requests.map(({ request }) => slots.run(request))
    expect(sent).toEqual(['a', 'b'])
    requests[0]!.answer()
    await answers[0]
    await Promise.resolve()
    expect(sent).toEqual(['a', 'b', 'e'])
    requests[1]!.answer()
    requests[4]!.answer()
    await Promise.all([answers[1], answers[4]])
    await Promise.resolve()
    expect(sent).toEqual(['a', 'b', 'e', 'd', 'c'])
  })

  it('never sends a request nobody wants any more, and fails it', async () => {
    const sent: string[] = []
    const slots = new FewAtATime(1)
    const first = deferred('shown', sent)
    const left = deferred('left behind', sent)
    const last = deferred('kept', sent)
    let wanted = true
    const firstAnswer = slots.run(first.request)
    const leftAnswer = slots.run(left.request, () => wanted)
    const lastAnswer = slots.run(last.request)
    wanted = false
    first.answer()
    await firstAnswer
    await Promise.resolve()
    expect(sent).toEqual(['shown', 'kept'])
    last.answer()
    await expect(lastAnswer).resolves.toBe('kept')
    await Promise.resolve()
    await expect(leftAnswer).rejects.toThrow('no longer wanted')
    expect(sent).toEqual(['shown', 'kept'])
  })
})
