// saxon-js 2.x ships no type declarations; this is the part of its API the CFDI library uses.
declare module 'saxon-js' {
  type TransformOptions = {
    stylesheetInternal?: unknown;
    stylesheetText?: string;
    sourceText?: string;
    destination?: 'serialized' | 'raw' | 'document';
  };
  type TransformResult = { principalResult: unknown };
  const SaxonJS: {
    transform(options: TransformOptions, mode: 'sync'): TransformResult;
    transform(options: TransformOptions, mode: 'async'): Promise<TransformResult>;
    getProcessorInfo(): { productVersion: string };
  };
  export default SaxonJS;
}
