// Module declarations for the assets the Afterwards build understands (see libs/web/ui/build/rspack.mjs).
declare module '*.svg' {
  /** URL of the emitted, content-hashed file. */
  const url: string;
  export default url;
}
declare module '*.svg?inline' {
  /** The file inlined as a data: URI. */
  const dataUri: string;
  export default dataUri;
}
