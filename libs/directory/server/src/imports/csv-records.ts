import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { CSV_MESSAGES } from '@afterwards/contracts';
import { restoreCsvText } from '@afterwards/server-kit';

/** Nothing of the file can be imported: 'Error parsing CSV: …' or 'Missing required headers: …' (the spec's words). */
export class CsvFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvFileError';
  }
}

const NOT_UTF8 = 'the file is not UTF-8 text. In Excel, save it as "CSV UTF-8 (Comma delimited)" and upload it again';
/** One record longer than this is no listing: stop rather than hold it in memory. */
const MAX_RECORD_BYTES = 1_000_000;

/** Passes bytes through unchanged, refusing any that are not UTF-8 (a spreadsheet saved in another encoding). */
function utf8Only(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        decoder.decode(chunk, { stream: true });
        callback(null, chunk);
      } catch {
        callback(new CsvFileError(CSV_MESSAGES.parse(NOT_UTF8)));
      }
    },
    flush(callback) {
      try {
        decoder.decode();
        callback();
      } catch {
        callback(new CsvFileError(CSV_MESSAGES.parse(NOT_UTF8)));
      }
    },
  });
}

export interface CsvRecords {
  /** The records, the header first; each a list of cells. Errors are CsvFileError. */
  readonly records: AsyncIterable<string[]>;
  /** The file's SHA-256 once every record was read. */
  readonly sha256: () => string;
}

/**
 * Streams a CSV file through csv-parse: quoted fields with commas, quotes and line breaks inside, a
 * byte-order mark, Windows or Unix line ends, rows of differing lengths (checked by the rules, not the
 * parser), blank lines skipped. Memory stays at a chunk and a record, whatever the file's size.
 */
export function readCsv(source: Readable): CsvRecords {
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: MAX_RECORD_BYTES });
  const fail = (error: unknown) => parser.destroy(error instanceof Error ? error : new Error(String(error)));
  source.on('error', fail);
  hashing.on('error', fail);
  const utf8 = utf8Only();
  utf8.on('error', fail);
  source.pipe(hashing).pipe(utf8).pipe(parser);
  let digest: string | undefined;
  return {
    records: (async function* () {
      try {
        // A cell the product's own CSV writer neutralised (the rejected-rows file, corrected and uploaded
        // again) reads as it was: '+44 113 496 0000 is the phone number +44 113 496 0000.
        for await (const record of parser) yield (record as string[]).map(restoreCsvText);
        digest = hash.digest('hex');
      } catch (error) {
        if (error instanceof CsvFileError) throw error;
        if (error instanceof CsvError) throw new CsvFileError(CSV_MESSAGES.parse(error.message));
        throw error;
      } finally {
        source.destroy();
      }
    })(),
    sha256: () => {
      if (!digest) throw new Error('The CSV file has not been read to its end');
      return digest;
    },
  };
}
