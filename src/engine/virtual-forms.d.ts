/** Modules produced at build, dev and test time by the precompiled-forms Vite plugin. */
declare module 'virtual:eta-forms' {
  export const formIds: string[];
  export const formLoaders: Record<string, () => Promise<import('./form-types').CompiledFormModule>>;
}

declare module 'virtual:eta-forms/*' {
  const module: import('./form-types').CompiledFormModule;
  export = module;
}
