export { type AmountSource, type BulkAmount, readBulkAmount } from './amount';
export {
  BULK_COLUMNS,
  BULK_TABLE_COLUMNS,
  type BulkCells,
  type BulkColumn,
  columnOfHeader,
  REQUIRED_COLUMNS,
} from './columns';
export { type BulkCsvResult, type ParseBulkCsvOptions, parseBulkCsv } from './parse';
export { type BulkRow, type CellIssue, type CellMessage, csvMessage, validateBulkRow } from './row';
export { bulkCsvTemplate, bulkRowsToCsv } from './template';
