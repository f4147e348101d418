import type { Sample } from './ocr-samples.js'

/**
 * Three lines of plain prose in each language that ships an OCR model beyond those of
 * ocr-samples.ts, written for these tests: a board's report on its year, so the pages differ only
 * in language.
 */
const PROSE: Readonly<Record<string, readonly string[]>> = {
  spa: [
    'El consejo de administración aprobó las cuentas del año pasado',
    'y propuso repartir un dividendo a los accionistas. Las ventas',
    'crecieron un doce por ciento gracias a la nueva fábrica de Sevilla.'
  ],
  ita: [
    'Il consiglio di amministrazione ha approvato il bilancio annuale',
    'e propone di distribuire un dividendo agli azionisti. Le vendite',
    'sono cresciute del dodici per cento grazie alla nuova fabbrica.'
  ],
  por: [
    'O conselho de administração aprovou as contas do ano passado',
    'e propôs a distribuição de um dividendo aos acionistas. As vendas',
    'cresceram doze por cento graças à nova fábrica em São Paulo.'
  ],
  nld: [
    'De raad van bestuur heeft de jaarrekening over het afgelopen jaar',
    'goedgekeurd en stelt voor een dividend uit te keren. De omzet',
    'is met twaalf procent gestegen dankzij de nieuwe fabriek in Gent.'
  ],
  pol: [
    'Zarząd spółki zatwierdził sprawozdanie finansowe za ubiegły rok',
    'i zaproponował wypłatę dywidendy dla akcjonariuszy. Sprzedaż',
    'wzrosła o dwanaście procent dzięki nowej fabryce w Łodzi.'
  ],
  slk: [
    'Predstavenstvo spoločnosti schválilo účtovnú závierku za minulý',
    'rok a navrhuje vyplatiť akcionárom dividendu. Predaj vzrástol',
    'o dvanásť percent vďaka novej továrni v Žiline, ako sa očakávalo.'
  ],
  slv: [
    'Uprava družbe je potrdila računovodske izkaze za preteklo leto',
    'in predlaga izplačilo dividende delničarjem. Prodaja se je',
    'povečala za dvanajst odstotkov zaradi nove tovarne v Celju.'
  ],
  hrv: [
    'Uprava društva odobrila je financijske izvještaje za prošlu',
    'godinu i predlaže isplatu dividende dioničarima. Prodaja je',
    'porasla za dvanaest posto zahvaljujući novoj tvornici u Splitu.'
  ],
  hun: [
    'Az igazgatóság jóváhagyta a tavalyi év pénzügyi beszámolóját,',
    'és osztalék kifizetését javasolja a részvényeseknek. Az eladások',
    'tizenkét százalékkal nőttek az új győri gyárnak köszönhetően.'
  ],
  ron: [
    'Consiliul de administrație a aprobat situațiile financiare ale',
    'anului trecut și propune plata unui dividend către acționari.',
    'Vânzările au crescut cu doisprezece la sută datorită noii fabrici.'
  ],
  swe: [
    'Styrelsen har godkänt årsredovisningen för det gångna året och',
    'föreslår att en utdelning lämnas till aktieägarna. Försäljningen',
    'ökade med tolv procent tack vare den nya fabriken i Göteborg.'
  ],
  dan: [
    'Bestyrelsen har godkendt årsrapporten for det forløbne år og',
    'foreslår, at der udbetales udbytte til aktionærerne. Salget',
    'steg med tolv procent takket være den nye fabrik i Århus.'
  ],
  fin: [
    'Hallitus on hyväksynyt tilinpäätöksen päättyneeltä vuodelta',
    'ja ehdottaa, että osakkeenomistajille maksetaan osinkoa. Myynti',
    'kasvoi kaksitoista prosenttia uuden tehtaan ansiosta.'
  ],
  est: [
    'Juhatus kinnitas möödunud aasta majandusaasta aruande ja',
    'teeb ettepaneku maksta aktsionäridele dividende. Müük kasvas',
    'kaksteist protsenti tänu uuele tehasele Tartus, mis avati kevadel.'
  ],
  lav: [
    'Valde ir apstiprinājusi pagājušā gada finanšu pārskatu un',
    'ierosina izmaksāt dividendes akcionāriem. Pārdošanas apjoms',
    'pieauga par divpadsmit procentiem, pateicoties jaunajai rūpnīcai.'
  ],
  lit: [
    'Valdyba patvirtino praėjusių metų finansinių ataskaitų rinkinį ir',
    'siūlo išmokėti dividendus akcininkams. Pardavimai išaugo',
    'dvylika procentų dėl naujos gamyklos Kaune, kuri buvo atidaryta.'
  ],
  mlt: [
    'Il-bord tad-diretturi approva r-rapport finanzjarju tas-sena',
    'li għaddiet u jipproponi li jitħallas dividend lill-azzjonisti.',
    'Il-bejgħ żdied bi tnax fil-mija bis-saħħa tal-fabbrika l-ġdida.'
  ],
  gle: [
    'Cheadaigh an bord stiúrthóirí na ráitis airgeadais don bhliain',
    'seo caite agus molann sé díbhinn a íoc leis na scairshealbhóirí.',
    'Tháinig méadú ar an díolachán a bhuíochas leis an monarcha nua.'
  ],
  tur: [
    'Yönetim kurulu geçen yılın mali tablolarını onayladı ve',
    'hissedarlara kâr payı dağıtılmasını önerdi. Satışlar, yeni',
    'fabrikanın açılması sayesinde yüzde on iki oranında arttı.'
  ],
  ell: [
    'Το διοικητικό συμβούλιο ενέκρινε τις οικονομικές καταστάσεις',
    'του προηγούμενου έτους και προτείνει τη διανομή μερίσματος.',
    'Οι πωλήσεις αυξήθηκαν κατά δώδεκα τοις εκατό χάρη στο νέο εργοστάσιο.'
  ],
  rus: [
    'Совет директоров утвердил финансовую отчётность за прошлый год',
    'и предложил выплатить акционерам дивиденды. Объём продаж',
    'вырос на двенадцать процентов благодаря новому заводу в Казани.'
  ],
  ukr: [
    'Рада директорів затвердила фінансову звітність за минулий рік',
    'і запропонувала виплатити акціонерам дивіденди. Обсяг продажів',
    'зріс на дванадцять відсотків завдяки новому заводу у Львові.'
  ],
  bul: [
    'Съветът на директорите одобри финансовите отчети за изминалата',
    'година и предложи изплащане на дивидент на акционерите. Продажбите',
    'нараснаха с дванадесет процента благодарение на новия завод.'
  ],
  chi_tra: [
    '本報告介紹了公司在過去一年中的經營情況。',
    '董事會認為，公司的發展方向是正確的。',
    '我們將繼續加強管理，提高產品的質量。'
  ]
}

/**
 * The languages above by Tesseract code, each a sample set in Helvetica (Nimbus Sans, which has
 * every Latin, Greek and Cyrillic letter they write) or MuPDF's traditional Chinese font.
 */
export const LANGUAGE_SAMPLES: readonly (Sample & { code: string })[] = Object.entries(PROSE).map(
  ([code, lines]) => ({
    code,
    name: code,
    font: code === 'chi_tra' ? 'zh-Hant' : 'Helvetica',
    lines
  })
)
