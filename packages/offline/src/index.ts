export {
  isLabel,
  pageFacts,
  plain,
  rowText,
  sentences,
  type Fact,
  type TableRow,
} from './page-facts';
export { countriesIn } from './places';
