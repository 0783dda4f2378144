/** Each language of locales/ with its own name, worked out at build (tools/build/language-names-plugin.ts). */
declare module 'virtual:eta-language-names' {
  const names: Readonly<Record<string, string>>;
  export default names;
}

/** The languages of locales/, English first, then by code, listed at build (tools/build/language-names-plugin.ts). */
declare module 'virtual:eta-languages' {
  const languages: readonly string[];
  export default languages;
}
