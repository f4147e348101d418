/**
 * Paragraphs on unrelated subjects for generated pages, so that a line read in the wrong column
 * or box lands in a sentence about something else and shows.
 */
export const PROSE = {
  harbour:
    'The ships that came into the harbour late on Friday found the quay already crowded with carts. ' +
    'Fishermen unloaded their catch by lantern light while the harbour master counted the boats. ' +
    'By midnight the market hall was full of crates of herring packed in ice for the morning trains. ' +
    'The price of fish fell by a third before dawn, and the merchants blamed the weather at sea.',
  orchard:
    'Apple trees in the old orchard flower two weeks earlier than they did a century ago. ' +
    'Growers keep records of the first blossom each spring and compare them with the temperatures. ' +
    'The bees arrive before the blossom in some years, and the pollination suffers when they do. ' +
    'Careful pruning in winter lets more light reach the fruit and lowers the risk of disease.',
  railway:
    'The railway reached the valley in the spring of the year the bridge was finished. ' +
    'Engineers had argued for a decade over whether the line should follow the river or the ridge. ' +
    'The river route was cheaper to build but flooded twice in its first winter of service. ' +
    'Passengers complained about the delays in letters to the newspaper that are still read today.',
  library:
    'The town library lends more audio books every year and fewer printed novels than before. ' +
    'Its reading room stays open late on Thursdays so that workers can visit after their shifts. ' +
    'Volunteers repair the damaged bindings of old atlases in a small workshop behind the stacks. ' +
    'A new catalogue lets readers reserve a book from home and collect it on the following day.',
  weather:
    'Storms in the north of the country brought heavy rain and strong winds on Tuesday night. ' +
    'Several roads were closed after trees fell across them, and the ferries stayed in port. ' +
    'Forecasters expect calmer weather by the weekend, with sunshine returning to the south first. ' +
    'Farmers are waiting for the fields to dry before they can finish bringing in the harvest.',
  bakery:
    'The bakery on the corner opens at five and sells out of rye bread before nine most mornings. ' +
    'Its owner learned the trade from her grandfather, who baked in the same ovens for forty years. ' +
    'She still uses his sourdough starter, which she feeds with flour and water every evening. ' +
    'On Saturdays the queue reaches the end of the street long before the doors are opened.'
} as const

/** `text` with its white space as `recto text` sets it within a paragraph: single spaces. */
export const flat = (text: string): string => text.replace(/\s+/g, ' ').trim()

/** Korean paragraphs for generated report pages (Hangul is written with spaces between words). */
export const KOREAN = {
  insurance:
    '코로나 관련 보험약관상 재해보험금 지급 문제는 감염병예방법의 개정에 따라 새롭게 제기되었다. ' +
    '보험회사는 그동안 판매한 보험상품의 입원 및 사망의 재해 인정 여부를 검토하고 있다. ' +
    '보험실무상 혼선이 초래되어 약관의 현황과 문제점을 살펴보고 개선방안을 제시하고자 한다.',
  dispute:
    '통상 질병보험금에 비해 상해나 재해로 인한 보험금의 경우 보장금액이 높게 책정되어 있다. ' +
    '약관상 명백한 규정이 없는 한 관련 분쟁이 지속적으로 발생할 가능성이 있다. ' +
    '따라서 재해 인정 여부는 향후 유사 감염증 발생 시 보험금 지급 기준을 정립하는 잣대가 될 것이다.'
} as const
