import { setImmediate as nextTurn } from 'node:timers/promises';
import { csvLine, UTF8_BOM, type CsvValue } from '../../lib/csv.js';
import type { Slice, SliceCursor } from '../../lib/paging.js';

/** Rows read per slice: small enough to keep memory flat, large enough that the slices' queries cost little. */
export const EXPORT_CHUNK_ROWS = 1000;

/**
 * A CSV file as text chunks: the byte-order mark and header line, then one chunk per slice of
 * records read in the list's order. Between slices it yields to the event loop, so a long export
 * never holds up the other requests; only one slice is in memory at a time.
 */
export async function* csvChunks(
  headers: readonly string[],
  slice: (limit: number, from: SliceCursor) => Promise<Slice<CsvValue[]>>,
  chunkRows = EXPORT_CHUNK_ROWS,
): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(headers);
  for (let from: SliceCursor = { offset: 0 }; ; ) {
    const { items, next } = await slice(chunkRows, from);
    if (items.length > 0) yield items.map(csvLine).join('');
    if (items.length < chunkRows) return;
    from = next;
    await nextTurn();
  }
}
