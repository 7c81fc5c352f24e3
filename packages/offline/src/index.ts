export {
  isLabel,
  pageFacts,
  plain,
  rowText,
  sentences,
  tableCells,
  type Fact,
  type TableRow,
} from './page-facts';
export { countriesIn } from './places';
export { tableRowsAsLines } from './table-rows-as-lines';
