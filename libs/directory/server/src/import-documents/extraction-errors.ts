/** The parser could not read the file at all (damaged, or protected by a password). */
export class DocumentUnreadableError extends Error {
  constructor(cause: unknown) {
    super('The document could not be read', { cause });
    this.name = 'DocumentUnreadableError';
  }
}

/**
 * Which cap a document hit: its unpacked content is larger than the product reads (`unpacked-size`, seen
 * from a zip's directory or while inflating), reading it needed more memory than the extraction may have
 * (`memory`), or it took longer than it may (`time`).
 */
export type DocumentLimit = 'unpacked-size' | 'memory' | 'time';

/** A document over one of the extraction's caps: refused without the API having read it into its own heap. */
export class DocumentLimitError extends Error {
  constructor(readonly limit: DocumentLimit) {
    super(`The document is over the extraction's ${limit} limit`);
    this.name = 'DocumentLimitError';
  }
}
