/** The CSV writer lives in the kit (the gateway's donation export uses it too). */
export { csvCell, csvRow, csvRows, type CsvValue } from '@lr/nest-kit';
