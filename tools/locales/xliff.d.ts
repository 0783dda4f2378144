// The xliff package ships no types; these cover the two calls the translators' exchange uses.
declare module 'xliff' {
  export interface XliffUnit {
    source: string;
    target?: string;
    note?: string;
  }
  export interface XliffDocument {
    sourceLanguage: string;
    targetLanguage: string;
    resources: Record<string, Record<string, XliffUnit>>;
  }
  const xliff: {
    js2xliff(document: XliffDocument): Promise<string>;
    xliff2js(xml: string): Promise<XliffDocument>;
  };
  export default xliff;
}
