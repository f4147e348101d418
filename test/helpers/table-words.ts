/** The words of generated tables (generated-tables.ts): a town's accounts, rows and heads. */

export const LABELS = [
  'Coldharbour',
  'Water sales',
  'North ward',
  'Harbour dues',
  'Grants received',
  'Staff costs',
  'Rent and rates',
  'Bridge tolls',
  'Ferry tickets',
  'Market stalls',
  'Street lighting',
  'Library fines',
  'Parking permits',
  'Waste collection',
  'Park upkeep',
  'Road repairs',
  'Burial fees',
  'Sports centre'
]

/** Labels long enough to wrap over two lines in a narrow first column. */
export const LONG_LABELS = [
  'Operating costs before depreciation and amortisation',
  'Contributions received from neighbouring councils',
  'Repairs to the harbour wall after the winter storms',
  'Interest paid on the loans for the new bridge',
  'Income from the sale of surplus council land',
  'Maintenance of the parks and the town cemetery'
]

export const HEADS = [
  'Budget',
  'Actual',
  'Change',
  'Total',
  'Share',
  'Forecast',
  'Outturn',
  'Variance',
  'Prior year',
  'Units'
]
export const GROUPS = ['2023', '2024', 'North', 'South', 'Estimate', 'Result']
/** Labels of groups of rows, each set beside the rows it heads, centred across them. */
export const ROW_GROUPS = ['North', 'South', 'East', 'West', 'Harbour', 'Uplands', 'Centre']
export const SUBHEADS = ['Q1', 'Q2', 'Sales', 'Margin', 'Staff', 'Cost']
