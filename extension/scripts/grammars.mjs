// Writes the TextMate grammars of the two languages, syntaxes/dipmap.tmLanguage.json and
// syntaxes/dipgame.tmLanguage.json (committed; `node scripts/grammars.mjs` after editing this file;
// test/extension-languages.test.ts checks that they are up to date). Regular expressions are Oniguruma's
// (VS Code's), kept to the part JavaScript shares so the test can run them: no \h, \A, \z, \G,
// possessive or atomic groups; case-insensitive patterns start with (?i) and use it nowhere else.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
const NC = String.raw`\p{L}\p{M}\p{Nd}_`;
// A keyword starts where no name character (or inner hyphen) is before it, and ends where no name goes on.
const B = String.raw`(?<![${NC}\-])`;
const E = String.raw`(?![${NC}]|-[${NC}])`;
const NAME = String.raw`[${NC}]+(?:-[${NC}]+)*`;
const kw = (words) => String.raw`(?i)${B}(?:${words.join('|')})${E}`;

const comments = {
  patterns: [
    { name: 'comment.block.dipmap', begin: String.raw`/\*`, end: String.raw`\*/`, beginCaptures: { 0: { name: 'punctuation.definition.comment.begin.dipmap' } }, endCaptures: { 0: { name: 'punctuation.definition.comment.end.dipmap' } } },
    { name: 'comment.line.double-slash.dipmap', begin: '//', end: '$', beginCaptures: { 0: { name: 'punctuation.definition.comment.dipmap' } } },
  ],
};
const strings = (lang) => ({
  name: `string.quoted.double.${lang}`,
  begin: '"',
  end: String.raw`"|$`,
  beginCaptures: { 0: { name: `punctuation.definition.string.begin.${lang}` } },
  endCaptures: { 0: { name: `punctuation.definition.string.end.${lang}` } },
  patterns: [{ name: `constant.character.escape.${lang}`, match: String.raw`\\["\\]` }],
});

const dipmap = {
  $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
  name: 'dipmap',
  scopeName: 'source.dipmap',
  fileTypes: ['dipmap'],
  patterns: [
    { include: '#comments' },
    { include: '#strings' },
    { include: '#rules-block' },
    { include: '#ruleset-block' },
    { include: '#declarations' },
    { include: '#body' },
  ],
  repository: {
    comments,
    strings: strings('dipmap'),
    declarations: {
      patterns: [
        {
          comment: 'province ID, power ID, variant ID: the declared name',
          match: String.raw`(?i)${B}(province|power|variant)${E}\s+(${NAME})`,
          captures: { 1: { name: 'storage.type.dipmap' }, 2: { name: 'entity.name.type.dipmap' } },
        },
        {
          comment: 'coast ID inside a province block',
          match: String.raw`(?i)${B}(coast)${E}\s+(${NAME})(?=\s*")`,
          captures: { 1: { name: 'storage.type.coast.dipmap' }, 2: { name: 'entity.name.type.coast.dipmap' } },
        },
        { match: kw(['import', 'extends', 'remove']), name: 'keyword.control.import.dipmap' },
        { match: kw(['adjacency', 'neutral']), name: 'storage.type.dipmap' },
      ],
    },
    'rules-block': {
      begin: String.raw`(?i)${B}(rules)${E}\s*(\{)`,
      beginCaptures: { 1: { name: 'storage.type.rules.dipmap' }, 2: { name: 'punctuation.section.block.begin.dipmap' } },
      end: String.raw`\}`,
      endCaptures: { 0: { name: 'punctuation.section.block.end.dipmap' } },
      name: 'meta.block.rules.dipmap',
      patterns: [{ include: '#rule-lines' }],
    },
    'ruleset-block': {
      begin: String.raw`(?i)${B}(ruleset)${E}\s+(${NAME})(?:\s+("[^"]*"))?(?:\s+(extends)${E}\s+(${NAME}))?\s*(\{)`,
      beginCaptures: {
        1: { name: 'storage.type.ruleset.dipmap' },
        2: { name: 'entity.name.type.ruleset.dipmap' },
        3: { name: 'string.quoted.double.dipmap' },
        4: { name: 'keyword.control.import.dipmap' },
        5: { name: 'entity.other.inherited-class.dipmap' },
        6: { name: 'punctuation.section.block.begin.dipmap' },
      },
      end: String.raw`\}`,
      endCaptures: { 0: { name: 'punctuation.section.block.end.dipmap' } },
      name: 'meta.block.ruleset.dipmap',
      patterns: [{ include: '#rule-lines' }],
    },
    'rule-lines': {
      patterns: [
        { include: '#comments' },
        { include: '#strings' },
        {
          comment: 'edition NAME',
          match: String.raw`(?i)(?:^|(?<=[{;]))\s*(edition)${E}\s+(${NAME})`,
          captures: { 1: { name: 'keyword.other.edition.dipmap' }, 2: { name: 'constant.other.edition.dipmap' } },
        },
        {
          comment: 'an option: the first name of a line (or after { or ;)',
          match: String.raw`(?:^|(?<=[{;]))\s*(${NAME})`,
          captures: { 1: { name: 'support.type.property-name.rule.dipmap' } },
        },
        { include: '#values' },
      ],
    },
    values: {
      patterns: [
        { match: kw(['true', 'false']), name: 'constant.language.boolean.dipmap' },
        { match: String.raw`${B}-?\d+(?:\.\d+)?${E}`, name: 'constant.numeric.dipmap' },
        { match: String.raw`#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})${E}`, name: 'constant.other.color.dipmap' },
        { match: NAME, name: 'constant.other.value.dipmap' },
        { match: ',', name: 'punctuation.separator.comma.dipmap' },
      ],
    },
    body: {
      patterns: [
        { match: kw(['land', 'sea', 'coast', 'supply', 'impassable', 'archipelago']), name: 'storage.modifier.terrain.dipmap' },
        { match: kw(['author', 'version', 'description', 'start', 'name', 'alias', 'at', 'adjective', 'colou?r', 'home', 'units', 'owns', 'country', 'cent(?:re|er)s']), name: 'keyword.other.dipmap' },
        { match: kw(['movement', 'retreat', 'adjustment']), name: 'constant.language.phase.dipmap' },
        {
          comment: 'an adjacency line: KIND FROM (: | ->)',
          match: String.raw`(?i)${B}(army|fleet|both)${E}\s+(${NAME})(?:(/)(${NAME}))?\s*(:|->)`,
          captures: {
            1: { name: 'storage.type.unit.dipmap' },
            2: { name: 'variable.other.province.dipmap' },
            3: { name: 'punctuation.separator.coast.dipmap' },
            4: { name: 'variable.other.coast.dipmap' },
            5: { name: 'keyword.operator.adjacency.dipmap' },
          },
        },
        {
          comment: 'a unit: A par, F spa/nc, army par, fleet stp/sc',
          match: String.raw`(?i)${B}(A|F|army|fleet)\s+(${NAME})(?:(/)(${NAME}))?`,
          captures: {
            1: { name: 'storage.type.unit.dipmap' },
            2: { name: 'variable.other.province.dipmap' },
            3: { name: 'punctuation.separator.coast.dipmap' },
            4: { name: 'variable.other.coast.dipmap' },
          },
        },
        {
          comment: 'a coast: spa/nc',
          match: String.raw`(${NAME})(/)(${NAME})`,
          captures: { 1: { name: 'variable.other.province.dipmap' }, 2: { name: 'punctuation.separator.coast.dipmap' }, 3: { name: 'variable.other.coast.dipmap' } },
        },
        { match: '->|:', name: 'keyword.operator.adjacency.dipmap' },
        { match: String.raw`#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})${E}`, name: 'constant.other.color.dipmap' },
        { match: String.raw`${B}-?\d+(?:\.\d+)?${E}`, name: 'constant.numeric.dipmap' },
        { match: kw(['true', 'false']), name: 'constant.language.boolean.dipmap' },
        { match: String.raw`\{`, name: 'punctuation.section.block.begin.dipmap' },
        { match: String.raw`\}`, name: 'punctuation.section.block.end.dipmap' },
        { match: ',', name: 'punctuation.separator.comma.dipmap' },
        { match: ';', name: 'punctuation.terminator.dipmap' },
      ],
    },
  },
};

// ---------------------------------------------------------------- dipgame
const G = 'dipgame';
const dcomments = { name: 'comment.line.double-slash.dipgame', begin: '//', end: '$', beginCaptures: { 0: { name: 'punctuation.definition.comment.dipgame' } } };
const LOC = String.raw`(${NAME})(?:(/)(${NAME})|\s*(\()\s*(${NAME})\s*(\)))?`;
const locCaptures = (first) => ({
  [first]: { name: 'variable.other.province.dipgame' },
  [first + 1]: { name: 'punctuation.separator.coast.dipgame' },
  [first + 2]: { name: 'variable.other.coast.dipgame' },
  [first + 3]: { name: 'punctuation.separator.coast.dipgame' },
  [first + 4]: { name: 'variable.other.coast.dipgame' },
  [first + 5]: { name: 'punctuation.separator.coast.dipgame' },
});
const dipgame = {
  $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
  name: 'dipgame',
  scopeName: 'source.dipgame',
  fileTypes: ['dipgame'],
  patterns: [
    { include: '#comments' },
    { include: '#strings' },
    { include: '#header' },
    { include: '#sections' },
    { include: '#statements' },
    { include: '#power-label' },
    { include: '#orders' },
  ],
  repository: {
    comments: dcomments,
    strings: strings(G),
    header: {
      patterns: [
        {
          match: String.raw`(?i)^\s*(variant)${E}\s+(${NAME})`,
          captures: { 1: { name: 'keyword.other.header.dipgame' }, 2: { name: 'entity.name.type.variant.dipgame' } },
        },
        {
          match: String.raw`(?i)^\s*(edition)${E}\s+(${NAME})`,
          captures: { 1: { name: 'keyword.other.header.dipgame' }, 2: { name: 'constant.other.edition.dipgame' } },
        },
        {
          match: String.raw`(?i)^\s*(rule)${E}\s+(${NAME})`,
          captures: { 1: { name: 'keyword.other.header.dipgame' }, 2: { name: 'support.type.property-name.rule.dipgame' } },
        },
        {
          match: String.raw`(?i)^\s*(seed)${E}\s+(\d+)`,
          captures: { 1: { name: 'keyword.other.header.dipgame' }, 2: { name: 'constant.numeric.dipgame' } },
        },
        {
          match: String.raw`(?i)^\s*(player)${E}\s+([^"]*?)\s*(?=")`,
          captures: { 1: { name: 'keyword.other.header.dipgame' }, 2: { name: 'entity.name.tag.power.dipgame' } },
        },
        {
          comment: 'language TAG [for POWER, …]: the order language of the game or of some powers',
          match: String.raw`(?i)^\s*(language)${E}\s+(${NAME})(?:\s+(for)${E})?`,
          captures: { 1: { name: 'keyword.other.header.dipgame' }, 2: { name: 'constant.language.tag.dipgame' }, 3: { name: 'keyword.other.header.dipgame' } },
        },
        { match: String.raw`(?i)^\s*(variant|edition|rule|seed|player|language)${E}`, captures: { 1: { name: 'keyword.other.header.dipgame' } } },
      ],
    },
    sections: {
      patterns: [
        {
          comment: 'phase SEASON YEAR KIND (or YEAR SEASON KIND); the same after position',
          match: String.raw`(?i)^\s*(phase|position)${E}\s+(?:(\d+)\s+(${NAME})|(${NAME})\s+(\d+))\s+(movement|retreat|adjustment)${E}`,
          captures: {
            1: { name: 'keyword.control.section.dipgame' },
            2: { name: 'constant.numeric.year.dipgame' },
            3: { name: 'entity.name.section.season.dipgame' },
            4: { name: 'entity.name.section.season.dipgame' },
            5: { name: 'constant.numeric.year.dipgame' },
            6: { name: 'constant.language.phase.dipgame' },
          },
        },
        { match: String.raw`(?i)^\s*(phase|position|expect|declare)${E}`, captures: { 1: { name: 'keyword.control.section.dipgame' } } },
      ],
    },
    statements: {
      patterns: [
        {
          comment: 'units POWER:, dislodged POWER:, owners POWER: (position and expect)',
          match: String.raw`(?i)^\s*(units|dislodged|owners)${E}\s+([^:/"]*?)\s*(:)`,
          captures: { 1: { name: 'keyword.other.expect.dipgame' }, 2: { name: 'entity.name.tag.power.dipgame' }, 3: { name: 'punctuation.separator.key-value.dipgame' } },
        },
        {
          match: String.raw`(?i)^\s*(units|dislodged|owners|standoffs|winner|draw|score|result|alliance|concede|end)${E}`,
          captures: { 1: { name: 'keyword.other.expect.dipgame' } },
        },
        { match: kw(['none', 'by', 'allies', 'from', 'solo', 'shared', 'leader', 'extended', 'concession', 'ended']), name: 'keyword.other.dipgame' },
      ],
    },
    'power-label': {
      comment: 'POWER: at the start of a line (a block of orders, or a unit list in a position)',
      match: String.raw`^\s*([${NC}][${NC} .'\-]*?)\s*(:)`,
      captures: { 1: { name: 'entity.name.tag.power.dipgame' }, 2: { name: 'punctuation.separator.key-value.dipgame' } },
    },
    orders: {
      patterns: [
        {
          comment: 'an expected result',
          match: String.raw`(?i)(\[)\s*(?:(succeeds|fails|illegal)|([^\]]*?))\s*(\])`,
          captures: {
            1: { name: 'punctuation.definition.result.begin.dipgame' },
            2: { name: 'constant.language.result.dipgame' },
            3: { name: 'invalid.illegal.result.dipgame' },
            4: { name: 'punctuation.definition.result.end.dipgame' },
          },
        },
        {
          comment: 'a unit and where it stands: A par, F spa/nc, F spa(nc), army paris',
          match: String.raw`(?i)${B}(A|F|army|fleet)\s+${LOC}`,
          captures: { 1: { name: 'storage.type.unit.dipgame' }, ...locCaptures(2) },
        },
        {
          comment: 'a move and where it goes: - bur, -> bur, => bur',
          match: String.raw`(->|=>|-)\s*${LOC}`,
          captures: { 1: { name: 'keyword.operator.move.dipgame' }, ...locCaptures(2) },
        },
        {
          comment: 'the order words',
          match: kw(['H', 'S', 'C', 'R', 'D', 'holds?', 'supports?', 'convoys?', 'retreats?', 'disbands?', 'builds?', 'removes?', 'waives?', 'via', 'convoy', 'to', 'hold', 'move', 'moves']),
          name: 'keyword.operator.order.dipgame',
        },
        { match: String.raw`${B}\d+${E}`, name: 'constant.numeric.dipgame' },
        { match: ',', name: 'punctuation.separator.comma.dipgame' },
      ],
    },
  },
};

export const grammars = { 'dipmap.tmLanguage.json': dipmap, 'dipgame.tmLanguage.json': dipgame };
export const grammarText = (g) => `${JSON.stringify(g, null, 2)}\n`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'syntaxes');
  for (const [file, g] of Object.entries(grammars)) writeFileSync(join(dir, file), grammarText(g));
}
