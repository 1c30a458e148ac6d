// The .js endings let the service's tests import the catalogues (nodenext); Vite maps them to the .ts files.
import { en } from './en.js';
import type { Language } from './formats.js';
import { ptBR } from './pt-BR.js';

/** A catalogue's shape with its words as any string (a function's answer too). */
type Shape<T> = T extends string ? string : T extends (...args: infer Args) => string ? (...args: Args) => string : { [K in keyof T]: Shape<T[K]> };

/** Every language's words have the Portuguese catalogue's shape: the same keys, the same parameters. */
export type Catalogue = Shape<typeof ptBR>;

export const CATALOGUES: Record<Language, Catalogue> = { 'pt-BR': ptBR, en };

/** The languages offered, each named in itself; the first is the default. */
export const LANGUAGES: readonly { id: Language; name: string }[] = [
  { id: 'pt-BR', name: 'Português (Brasil)' },
  { id: 'en', name: 'English' },
];
export const DEFAULT_LANGUAGE: Language = 'pt-BR';
