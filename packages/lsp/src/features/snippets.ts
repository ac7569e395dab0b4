/**
 * Snippets, served by the language server so that they appear only where
 * what they insert can start: at the beginning of a line that is not inside
 * a block (a map declaration, a game section or header line). An editor's own
 * snippets would be listed everywhere, after `A par - ` too.
 *
 * The game file's "next phase" snippet is not a template: it is the phase
 * that is due after the last one written, with every unit's order skeleton
 * (the text the Next Phase command appends), so it fits the game at hand.
 */
import { CompletionItemKind, InsertTextFormat, type CompletionItem, type Range } from 'vscode-languageserver';
import { nextPhaseText } from '../board.js';
import type { GameDoc } from '../workspace.js';

/** A snippet in the LSP snippet syntax (`${1:default}`, `${1|a,b|}`, `$0`). */
export interface Snippet {
  /** What the user types to find it. */
  readonly label: string;
  readonly description: string;
  readonly body: readonly string[];
}

const EDITIONS = '2023,2000,1982,1971,old-rules,online-5';

export const MAP_SNIPPETS: readonly Snippet[] = [
  {
    label: 'province',
    description: 'A new province: id, name, terrain, supply centre, board coordinates',
    body: ['province ${1:id} "${2:Name}" ${3|coast,land,sea|} ${4:supply} {', '  at ${5:500} ${6:400}', '}$0'],
  },
  {
    label: 'province-coasts',
    description: 'A province with two named coasts (fleets stand on a coast)',
    body: ['province ${1:id} "${2:Name}" coast ${3:supply} {', '  coast nc "North Coast"', '  coast sc "South Coast"', '  at ${4:500} ${5:400}', '}$0'],
  },
  {
    label: 'power',
    description: 'A new power: name, colour, home centres, starting units',
    body: ['power ${1:id} "${2:Name}" {', '  adjective "${3:Adjective}"', '  colour #${4:3a6fb0}', '  home ${5:centre}, ${6:centre}', '  units A ${5:centre}, F ${6:centre}', '}$0'],
  },
  {
    label: 'variant',
    description: 'The variant header and its rules',
    body: ['variant ${1:id} "${2:Name}" {', '  author "${3:me}"', '  start 1901 spring movement', '}', '', 'rules {', `  edition \${4|${EDITIONS}|}`, '  victory-centres ${5:18}', '}', '$0'],
  },
  {
    label: 'adjacency',
    description: 'An adjacency block: army, fleet or both; `:` both ways, `->` one way',
    body: ['adjacency {', '  ${1|both,army,fleet|} ${2:from}: ${3:to}$0', '}'],
  },
  {
    label: 'rules',
    description: 'The variant\'s rules: an edition, then options that override it',
    body: ['rules {', `  edition \${1|${EDITIONS}|}`, '  $0', '}'],
  },
  {
    label: 'ruleset',
    description: 'A named rule set (house rules) built on an edition',
    body: [`ruleset \${1:house} "\${2:House rules}" extends \${3|${EDITIONS}|} {`, '  $0', '}'],
  },
  {
    label: 'neutral',
    description: 'The supply centres no power owns at the start',
    body: ['neutral centres ${1:centre}, ${2:centre}$0'],
  },
];

export const GAME_SNIPPETS: readonly Snippet[] = [
  {
    label: 'game',
    description: 'A new game: its variant and edition',
    body: ['// ${1:What this game shows}', 'variant ${2:classic}', `edition \${3|${EDITIONS}|}`, '', '$0'],
  },
  {
    label: 'phase',
    description: "A phase with one power's orders",
    body: ['phase ${1|spring,fall,winter|} ${2:1901} ${3|movement,retreat,adjustment|}', '  ${4:power}:', '    $0'],
  },
  {
    label: 'position',
    description: "Start the game from a position of your own instead of the variant's start",
    body: ['position ${1|spring,fall,winter|} ${2:1901} ${3|movement,retreat,adjustment|}', '  ${4:power}: ${5:A par}', '  owners ${4:power}: ${6:par}', '$0'],
  },
  {
    label: 'expect',
    description: 'What the phase before must give',
    body: ['expect', '  units ${1:power}: ${2:A bur}', '  owners ${1:power}: ${3:par}$0'],
  },
  {
    label: 'declare',
    description: 'Declarations between phases: alliances, draw votes, concessions, the end',
    body: ['declare', '  ${1|alliance,draw,concede,end|} ${2:england, france}$0'],
  },
];

/** Escapes text for the snippet syntax, so that it is inserted as written. */
function literal(text: string): string {
  return text.replace(/[\\$}]/g, (c) => `\\${c}`);
}

function item(s: Snippet, range: Range, order: number): CompletionItem {
  return {
    label: s.label,
    kind: CompletionItemKind.Snippet,
    detail: s.description,
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range, newText: s.body.join('\n') },
    filterText: s.label,
    // After the keywords and names, which are what one types most.
    sortText: `zz${String(order).padStart(3, '0')}`,
  };
}

/** The snippets of a map file, for a line start outside every block. */
export function mapSnippetItems(range: Range): CompletionItem[] {
  return MAP_SNIPPETS.map((s, i) => item(s, range, i));
}

/**
 * The snippets of a game file, for a line start: the templates, and the
 * phase that is due next with every unit's order (when the game runs).
 */
export function gameSnippetItems(doc: GameDoc, range: Range): CompletionItem[] {
  const out = GAME_SNIPPETS.map((s, i) => item(s, range, i));
  const next = nextPhaseText(doc);
  if (next) {
    const body = literal(next.text.replace(/\n$/, '')).split('\n');
    out.push(item({ label: 'phase-next', description: `The next phase (${body[0]?.replace(/^phase /, '')}) with every unit's order`, body: [...body, '$0'] }, range, out.length));
  }
  return out;
}
