import { setImmediate as nextTurn } from 'node:timers/promises';
import { csvLine, UTF8_BOM, type CsvValue } from '../../lib/csv.js';

/** Rows read per slice: small enough to keep memory flat, large enough that the slices' queries cost little. */
export const EXPORT_CHUNK_ROWS = 1000;

/**
 * A CSV file as text chunks: the byte-order mark and header line, then one chunk per slice of
 * records read in the list's order. Between slices it yields to the event loop, so a long export
 * never holds up the other requests; only one slice is in memory at a time.
 */
export async function* csvChunks(
  headers: readonly string[],
  slice: (limit: number, offset: number) => CsvValue[][],
  chunkRows = EXPORT_CHUNK_ROWS,
): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(headers);
  for (let offset = 0; ; offset += chunkRows) {
    const records = slice(chunkRows, offset);
    if (records.length > 0) yield records.map(csvLine).join('');
    if (records.length < chunkRows) return;
    await nextTurn();
  }
}
