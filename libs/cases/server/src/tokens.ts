/** The encrypted file store holding document files and memory photos (libs/file-store). */
export const FILE_STORE = Symbol('FILE_STORE');
