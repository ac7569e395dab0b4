/**
 * The standard order notation's words, merged into every language's vocabulary:
 * players of every group write `A Hol-Bel`, `F Spa(nc)` and the map's
 * abbreviations (002 "移动的书写法", 003 "Kartassa olevia lyhenteitä").
 */
import type { CoastWord, Meaning } from '../vocabulary.js';

export const NOTATION_WORDS: Record<string, Meaning[]> = {
  a: ['army'],
  army: ['army'],
  f: ['fleet'],
  fleet: ['fleet'],
  h: ['hold'],
  hold: ['hold'],
  holds: ['hold'],
  s: ['support'],
  supports: ['support'],
  support: ['support'],
  c: ['convoy'],
  convoy: ['convoy'],
  convoys: ['convoy'],
  r: ['retreat'],
  retreat: ['retreat'],
  d: ['disband'],
  disband: ['disband'],
  remove: ['disband'],
  build: ['build'],
  b: ['build'],
  waive: ['waive'],
  'via convoy': ['via-convoy'],
  move: ['move'],
  moves: ['move'],
  to: ['move'],
};

export const NOTATION_COASTS: CoastWord[] = [
  { word: 'nc', coast: 'nc' },
  { word: 'sc', coast: 'sc' },
  { word: 'ec', coast: 'ec' },
  { word: 'wc', coast: 'wc' },
  { word: 'north coast', coast: 'nc' },
  { word: 'south coast', coast: 'sc' },
  { word: 'east coast', coast: 'ec' },
  { word: 'west coast', coast: 'wc' },
];

/** Arrows of the notation, read as a dash; `-` itself is each language's dash. */
export const NOTATION_ARROWS = ['->', '-->', '=>', '→', '⇒', '－', '—', '–', '−'];

/** Marks that are skipped wherever they stand (quotes, asterisks). */
export const IGNORED_MARKS = '"\'“”‘’「」『』«»*_`';
