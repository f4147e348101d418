/**
 * A screen's heading takes the focus when it appears and nothing else holds it (the control
 * that led here went with the screen before): a screen reader then says where the reviewer has
 * arrived, and Tab goes on from the top of the new screen. A focus the reviewer already moved
 * elsewhere (a row the arrows reached while the page loaded) stays where it is.
 */
export function focusOnArrival(heading: HTMLElement): void {
  const holder = document.activeElement
  if (holder === null || holder === document.body) heading.focus({ preventScroll: true })
}
