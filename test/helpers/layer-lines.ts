/**
 * A page of English lines with years in it, and the same lines as a poor OCR program read them:
 * digits read as letters ("I880-I9I9"), letters as other letters, words run together.
 */
export const SCANNED_LINES = [
  'The colonial period (1880-1919) changed the harbour town for good.',
  'Ships that came into the harbour late on Friday found the quay full.',
  'Fishermen unloaded their catch by lantern light in the year 1905.',
  'The harbour master counted the boats and wrote their names down.',
  'By midnight the market hall was full of crates of herring on ice.',
  'The price of fish fell by a third before dawn on the 14th of May.',
  'The merchants blamed the weather at sea and the new railway line.',
  'In 1912 the town built a second quay for the steamers from the south.'
]

export const POOR_LAYER_LINES = [
  'Tbe coloniaI period (I880-I9I9) cbanged tbe harbour towm for gooc.',
  'Sbips tbat came imto tbe harbour Iate on Fricay founc tbe quay fuII.',
  'Fisbermen unIoaded tbeir catcb by Ianterm Iight in tbe year I9O5.',
  'Tbe barbour master countec tbe boats amd wrote tbeir mames down.',
  'By midnigbt tbe market baII was fuII of crates of berring om ice.',
  'Tbe price of fisb feII by a tbird before dawm on tbe I4tb of May.',
  'Tbe mercbants bIamed tbe weatber at sea amd tbe mew raiIway Iine.',
  'In I9I2 tbe towm buiIt a secomd quay for tbe steamers from tbe soutb.'
]

/**
 * SCANNED_LINES as a fair OCR program reads them, a few words misread as small_page_size's layer
 * misreads them ("Karthv" for "Earthy", "duug"): too few for the layer's words to read poorly.
 */
export const MISREAD_LAYER_LINES = SCANNED_LINES.map((line) =>
  line
    .replace('Fishermen', 'Fisbermen')
    .replace('counted', 'couuted')
    .replace('herring', 'herrmg')
    .replace('merchants', 'merchauts')
)
