import type { TextFont } from './scanned-text.js'

/** A page of text in one language, as it is set on the page: its lines and its font. */
export type Sample = Readonly<{ name: string; font: TextFont; lines: readonly string[] }>

// Plain prose of the kind a scanned report holds, written for these tests.
export const CZECH: Sample = {
  name: 'czech',
  font: 'Helvetica',
  lines: [
    'Peněžní prostředky na účtech byly k datu účetní závěrky převedeny',
    'na nový běžný účet společnosti. Správní rada schválila rozpočet',
    'na příští rok a uložila řediteli, aby připravil zprávu o hospodaření.',
    'Přehled pohledávek a závazků je uveden v příloze této zprávy.',
    'Výsledek hospodaření za účetní období činí dvanáct milionů korun',
    'a bude převeden na účet nerozděleného zisku minulých let.'
  ]
}

export const GERMAN: Sample = {
  name: 'german',
  font: 'Helvetica',
  lines: [
    'Die Gesellschaft hat im abgelaufenen Geschäftsjahr ihre Umsätze',
    'deutlich gesteigert. Der Vorstand schlägt der Hauptversammlung vor,',
    'den Bilanzgewinn für die Ausschüttung einer Dividende zu verwenden.',
    'Die Prüfung des Jahresabschlusses durch den Abschlussprüfer ergab',
    'keine Einwände. Größere Investitionen sind für das nächste Jahr',
    'nicht geplant, weil die Märkte weiterhin unsicher bleiben.'
  ]
}

export const CHINESE: Sample = {
  name: 'chinese',
  font: 'zh-Hans',
  lines: [
    '本报告介绍了公司在过去一年中的经营情况。',
    '董事会认为，公司的发展方向是正确的。',
    '我们将继续加强管理，提高产品的质量。',
    '今年的销售收入比去年增长了百分之十二。',
    '公司计划在明年开设三家新的工厂。'
  ]
}

export const JAPANESE: Sample = {
  name: 'japanese',
  font: 'ja',
  lines: [
    'この報告書は、当社の一年間の事業について説明します。',
    '取締役会は、会社の方針が正しいと考えています。',
    '私たちは、製品の品質をさらに高めていきます。',
    '今年の売上高は、昨年に比べて大きく増えました。',
    '来年は、新しい工場を三つ開く予定です。'
  ]
}

export const KOREAN: Sample = {
  name: 'korean',
  font: 'ko',
  lines: [
    '이 보고서는 회사의 지난 일 년 동안의 사업을 설명합니다.',
    '이사회는 회사의 방향이 올바르다고 생각합니다.',
    '우리는 제품의 품질을 더욱 높이기 위해 노력하겠습니다.',
    '올해 매출은 작년에 비해 크게 늘었습니다.',
    '내년에는 새로운 공장을 세 곳 열 계획입니다.'
  ]
}

export const ENGLISH: Sample = {
  name: 'english',
  font: 'Helvetica',
  lines: [
    'The committee met on the third of March to review the annual accounts.',
    'Members agreed that the reserves should be held at their present level',
    'and that the surplus for the year should be carried forward. The chair',
    'thanked the treasurer for the report and for the care taken over it.',
    'A proposal to change the date of the general meeting was accepted,',
    'and the secretary will write to every member with the new date.'
  ]
}

/** The lines of test/fixtures/pdfs/arabic-scan.pdf (MuPDF cannot set Arabic: it does not shape). */
export const ARABIC_LINES: readonly string[] = [
  'يعرض هذا التقرير نشاط الشركة خلال العام الماضي.',
  'يرى مجلس الإدارة أن اتجاه الشركة صحيح.',
  'سنواصل العمل على تحسين جودة منتجاتنا.',
  'ارتفعت المبيعات هذا العام مقارنة بالعام الماضي.',
  'تخطط الشركة لافتتاح ثلاثة مصانع جديدة.'
]

/** The lines of test/fixtures/pdfs/hebrew-scan.pdf (set by HarfBuzz, like the Arabic ones). */
export const HEBREW_LINES: readonly string[] = [
  'הדוח מתאר את פעילות החברה בשנה שעברה.',
  'הדירקטוריון סבור שכיוון החברה נכון.',
  'המכירות עלו השנה בהשוואה לשנה הקודמת.'
]

/** The lines of test/fixtures/pdfs/hindi-scan.pdf: Devanagari, which only a shaper sets right. */
export const HINDI_LINES: readonly string[] = [
  'यह रिपोर्ट पिछले वर्ष कंपनी के काम का वर्णन करती है।',
  'निदेशक मंडल का मानना है कि कंपनी की दिशा सही है।',
  'इस वर्ष बिक्री पिछले वर्ष की तुलना में बढ़ी है।'
]
