/** [x0, y0, x1, y1] in points, y growing downwards. */
export type BBox = readonly [number, number, number, number]
