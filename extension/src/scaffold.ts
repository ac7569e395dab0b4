/**
 * New Variant: the files of a small variant to start from, and an example
 * game on it. Pure (no `vscode`), so a test checks that both files compile and
 * play without a problem.
 */

/** What a variant id may be: a lower-case name of letters, digits and `_`, with inner `-`. */
export const VARIANT_ID = /^[\p{Ll}\p{Lo}\p{Nd}_]+(?:-[\p{Ll}\p{Lo}\p{Nd}_]+)*$/u;

/** Why an id cannot name a new variant, or undefined when it can. */
export function checkVariantId(id: string): string | undefined {
  if (id.length === 0) return 'Give the variant an id, e.g. islands';
  if (!VARIANT_ID.test(id)) return 'An id is lower-case letters, digits and _, with - inside (islands, two-seas)';
  if (id === 'classic' || id === 'editions') return `'${id}' is the name of a built-in folder; choose another id`;
  return undefined;
}

/** A display name from an id: `two-seas` → `Two Seas`. */
export function titleOf(id: string): string {
  return id
    .split(/[-_]+/)
    .filter((w) => w.length > 0)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

export interface Scaffold {
  /** File name → text: `ID.dipmap` and `example.dipgame`. */
  files: Record<string, string>;
  /** The file to open first. */
  open: string;
}

/**
 * A variant of two powers on a small island world (nine provinces, six supply
 * centres, four to win), with coordinates for the board, and an example game
 * of its first year.
 */
export function scaffoldVariant(id: string, edition = '2023'): Scaffold {
  const name = titleOf(id) || id;
  const map = `// ${name}: a small variant made with dipforge's New Variant.
// Two powers, nine provinces (six supply centres, four to win). Change anything:
// the board (Show Board) and the problems update as you type. The language is in
// docs/MAP-LANGUAGE.md; the rule options in docs/RULES.md.

variant ${id} "${name}" {
  author "me"
  start 1901 spring movement
  description "Two powers on a small island world."
}

rules {
  edition ${edition}
  victory-centres 4
}

// Provinces: id "Name" terrain [supply] { at X Y on a 1000 x 800 board }
province hig "Highland" coast supply { at 300 150 }
province fen "Fenland" land supply { at 500 200 }
province moo "Moorland" land { at 700 160 }
province mid "Midmarch" land supply { at 500 400 }
province cap "Cape Wrath" coast supply { at 780 420 }
province dun "Dunmore" land supply { at 500 600 }
province por "Port Royal" coast supply { at 300 640 }
province wbay "West Bay" sea { at 150 400 }
province ebay "East Bay" sea { at 760 700 }

adjacency {
  army  hig: fen, mid
  army  fen: moo, mid
  army  moo: cap, mid
  army  mid: cap, dun, por
  army  dun: por, cap
  fleet wbay: hig, por
  fleet ebay: por, cap
}

power north "North" {
  adjective "Northern"
  colour #3a6fb0
  home hig, fen
  units F hig, A fen
}

power south "South" {
  adjective "Southern"
  colour #c0392b
  home por, dun
  units F por, A dun
}

neutral centres mid, cap
`;
  const game = `// An example game on ${name}. Show Board draws the phase under the cursor;
// Next Phase appends the phase that comes next with every unit's order.
variant "${id}.dipmap"
edition ${edition}

phase spring 1901 movement
  north:
    F hig - wbay
    A fen - mid
  south:
    F por - ebay
    A dun - cap

phase fall 1901 movement
  north:
    F wbay H
    A mid H
  south:
    F ebay S A cap
    A cap H

expect
  units north: F wbay, A mid
  units south: F ebay, A cap
`;
  return { files: { [`${id}.dipmap`]: map, 'example.dipgame': game }, open: 'example.dipgame' };
}
