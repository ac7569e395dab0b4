/**
 * The rule-option registry: every rule a variant or a game can switch, as data.
 *
 * Each option has a kebab-case `key` (the same word a `.dipmap` `rules` or
 * `ruleset` block uses), a `kind`, its allowed values, a default (the value of
 * the `2023` edition, DATC v3.1 preferences), a one-line `summary`, a longer
 * `description` and the `source` it comes from (a DATC section-4 issue or one of
 * the rule texts 000, 002, 003, 004).
 *
 * `RuleOptions` is derived from the registry: its keys are the option keys and
 * each value type is the union of that option's allowed values.
 *
 * Pure data and small pure functions; no I/O.
 *
 * Past 500 lines on purpose: the registry is one `as const` literal, from which
 * the option keys and each option's value type (`RuleKey`, `RuleValue`,
 * `RuleOptions`) are derived, in documentation order, each group under a
 * heading comment; a reader looking an option up finds every option in one
 * place, and a new one added there is typed everywhere. What an option is
 * (the spec types) is rule-spec.ts; checking a written value, rule-values.ts;
 * the JSON Schema of the options, rules-schema.ts.
 */
import type { RuleOptionSpec } from './rule-spec.js';

const RULESET_NAME_PATTERN = '^[\\p{Ll}\\p{Lm}\\p{Lo}\\p{Nd}_](?:[\\p{Ll}\\p{Lm}\\p{Lo}\\p{Nd}\\p{M}_-]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{Nd}\\p{M}_])?$';
const PHASE_PATTERN = '^[a-z][a-z0-9]*-(?:movement|retreat|adjustment)$';

const VALIDITY_CHOICES = [
  { value: 'valid', summary: 'the order is carried out as if written correctly' },
  { value: 'invalid', summary: 'the order is void; the unit holds and may receive hold support' },
  {
    value: 'valid-unless-other',
    summary: 'the order is carried out unless the unit has another order that is written correctly',
  },
] as const;

/**
 * Every rule option. The order is the documentation order. Defaults are the
 * `2023` edition (DATC v3.1 preferences).
 */
export const RULE_REGISTRY = [
  // ---------------------------------------------------------------- edition
  {
    key: 'edition',
    kind: 'name',
    group: 'edition',
    summary: 'The rule set the options start from.',
    description:
      'Names the rule set that the other options are read from before the overrides of a `rules` block: a built-in edition (`2023`, `2000`, `1982`, `1971`, `old-rules`, `online-5`) or a `ruleset` in scope. In a compiled config it records where the resolved options started. Written only in a `rules` block; a `ruleset` uses `extends` instead.',
    source: 'DATC 2; 000',
    pattern: RULESET_NAME_PATTERN,
    default: '2023',
  },

  // ------------------------------------------------------------------- year
  {
    key: 'year-shape',
    kind: 'enum',
    group: 'year',
    summary: 'The phases of a game year.',
    description:
      '`five-phase`: spring movement, spring retreats, fall movement, fall retreats, winter adjustments. `postal`: the two-season year of the old rules, spring movement and fall movement only; retreats and adjustments are written in advance with the movement orders as priority lists (see `retreats` and `adjustments`) and carried out after each movement. `custom`: the phases listed in `custom-phases`. In a year without a retreat phase each movement phase carries out its retreats at once (by the retreat lists under `retreats priority-list`, else by `retreat-default`); in a year without an adjustment phase the adjustments are carried out with the fall movement under `adjustments priority-list`, and there are none otherwise. A game file of a postal year writes only movement phases; each gives the next movement phase.',
    source: '000 §3; Sharp ch. 12',
    choices: [
      { value: 'five-phase', summary: 'spring moves, spring retreats, fall moves, fall retreats, adjustments' },
      { value: 'postal', summary: 'two seasons; retreats and adjustments written in advance as priority lists' },
      { value: 'custom', summary: 'the phase list given in custom-phases' },
    ],
    default: 'five-phase',
  },
  {
    key: 'custom-phases',
    kind: 'list',
    group: 'year',
    summary: 'The phase list of a year when year-shape is custom.',
    description:
      'A comma list of `SEASON-KIND` phase names in playing order, where KIND is `movement`, `retreat` or `adjustment` (e.g. `spring-movement, fall-movement, fall-retreat, winter-adjustment`). Supply centres change owner after the movement phase (and its retreats) that comes before an adjustment phase. Ignored unless `year-shape` is `custom`.',
    source: '000 §3; Sharp ch. 12',
    itemPattern: PHASE_PATTERN,
    itemDescription: 'a phase name SEASON-KIND, KIND one of movement, retreat, adjustment',
    minItems: 1,
    default: ['spring-movement', 'spring-retreat', 'fall-movement', 'fall-retreat', 'winter-adjustment'],
  },
  {
    key: 'year-step',
    kind: 'integer',
    group: 'year',
    summary: 'How many years one pass through the year\'s phases advances the calendar.',
    description:
      'A number N: the year after year Y is Y+N (Hundred plays 1425, 1430, 1435, …, with `year-step 5`). `1` is the ordinary calendar. Phase names and victory years keep the calendar years.',
    source: 'variant Hundred',
    min: 1,
    default: 1,
  },
  {
    key: 'adjustment-interval',
    kind: 'integer',
    group: 'year',
    summary: 'In which years the adjustment phase takes place.',
    description:
      'A number N: the adjustment phases of the year take place only in years that are a multiple of N; in other years there are none, and the supply centres do not change owner (they change owner only after the movement and retreats before an adjustment phase that takes place). With `year-step 5` and `adjustment-interval 10`, Hundred adjusts in 1430, 1440, … but not in 1425, 1435. `1`: every year. Ignored in a year without adjustment phases.',
    source: 'variant Hundred',
    min: 1,
    default: 1,
  },
  {
    key: 'retreats',
    kind: 'enum',
    group: 'year',
    summary: 'How dislodged units retreat.',
    description:
      '`phase`: a separate retreat phase after the movement phase, ordered once the results are known. `priority-list`: each unit that may be dislodged is given, with the movement orders, a list of provinces in order of preference (for a fleet on spa/sc: por, then wes, then mar); a dislodged unit goes to the first listed province that is a legal retreat, else `retreat-default` applies. The list follows the movement order: `A mun H retreat ber, kie, sil`, `F nth - nwy retreat ska, nwg`; `retreat disband`, or a list ending in `disband`, disbands the unit instead of leaving it to `retreat-default`. The movement phase then carries out its retreats at once and a retreat phase after it has nothing to do. Under `phase` an order with a retreat list is illegal (the unit holds). The usual limits hold either way: not into an occupied province, not where the attack came from, not into a province left empty by a standoff, no convoys; two units retreating to the same province are both disbanded.',
    source: '000 §10',
    choices: [
      { value: 'phase', summary: 'a separate retreat phase' },
      { value: 'priority-list', summary: 'retreat lists written with the movement orders' },
    ],
    default: 'phase',
  },
  {
    key: 'retreat-default',
    kind: 'enum',
    group: 'year',
    summary: 'What happens to a dislodged unit that has no usable retreat order.',
    description:
      '`disband`: the unit is disbanded. `gm-order`: the game master retreats it by these preferences, in order: an own supply centre; towards home (a province fewer moves from its home country, its `country` provinces and home centres, than where it stands); a supply centre not owned by its power; for a fleet, a sea province; otherwise drawn by lot with the game seed. `lot`: it retreats to one of its legal retreats drawn by lot with the game seed. A unit with no legal retreat is disbanded in every case.',
    source: '000 §10; 003',
    choices: [
      { value: 'disband', summary: 'the unit is disbanded' },
      { value: 'gm-order', summary: 'own centre, towards home, other centre, fleet to sea, then lot' },
      { value: 'lot', summary: 'a legal retreat drawn by lot' },
    ],
    default: 'disband',
  },
  {
    key: 'adjustments',
    kind: 'enum',
    group: 'year',
    summary: 'How builds and disbands are ordered.',
    description:
      '`phase`: a separate adjustment phase after the fall retreats. `priority-list`: builds and disbands are written with the fall movement orders as priority lists (build F ven, then A rom, then F nap; disband A sil, then A ber, then F den) and carried out after the fall movement and retreats; the first entries that can legally be carried out are used, as many as the centre count allows. Written `Build F ven, A rom, F nap` and `Disband A sil, A ber, F den`; plain `Build F ven` and `A sil D` orders join the power\'s lists in the order written. The centres change owner first, then disbands come before builds. A power with more units than centres disbands the first entries that name a unit of its own, as many as the difference, and `removal-order` removes what its list leaves out; a power with more centres builds the first entries that can legally be built (an unoccupied build site it owns, one build per province), as many as the difference, and the rest are not built. Lists always count from their first entry (`excess-builds`, `same-province-builds` and `excess-disbands` are for adjustment phases). Under `phase` build and disband lists are illegal.',
    source: '000 §11; DATC 4.D.4, 4.D.6',
    choices: [
      { value: 'phase', summary: 'a separate adjustment phase' },
      { value: 'priority-list', summary: 'build and disband lists written with the fall orders' },
    ],
    default: 'phase',
  },
  {
    key: 'build-sites',
    kind: 'enum',
    group: 'year',
    summary: 'Where a power may build.',
    description:
      '`home-centres`: an unoccupied home centre of the power that the power still owns. `any-owned-centre`: any unoccupied supply centre the power owns. `any-owned-home-centre`: any unoccupied supply centre the power owns that is a home centre of some power.',
    source: '000 §11a; 002; 004',
    choices: [
      { value: 'home-centres', summary: 'own home centres still owned' },
      { value: 'any-owned-centre', summary: 'any owned supply centre' },
      { value: 'any-owned-home-centre', summary: "any owned centre that is some power's home centre" },
    ],
    default: 'home-centres',
  },
  {
    key: 'auto-builds',
    kind: 'enum',
    group: 'year',
    summary: 'What a power builds where it gives no build order.',
    description:
      '`none`: builds that are not ordered are not made. `army`: in an adjustment phase, every build a power is entitled to and does not order is made as an army on one of its free build sites where an army may stand, in the order of the map\'s provinces; a waive counts as an order (Chaos: every centre without an order builds an army). Not under `adjustments priority-list`, whose lists are all a power writes.',
    source: 'variant Chaos',
    choices: [
      { value: 'none', summary: 'builds not ordered are not made' },
      { value: 'army', summary: 'builds not ordered are armies on free build sites' },
    ],
    default: 'none',
  },
  {
    key: 'waive-builds',
    kind: 'boolean',
    group: 'year',
    summary: 'Whether a power may decline builds it is entitled to.',
    description:
      '`true`: a power may build fewer units than it is entitled to, and may order an explicit waive. `false`: waiving is not allowed; builds that are not ordered are still lost, but a waive order is rejected.',
    source: 'DATC 4.D.7; 000 §11g; 002',
    default: true,
  },
  {
    key: 'voluntary-disbands',
    kind: 'boolean',
    group: 'year',
    summary: 'Whether a unit may be disbanded when no rule requires it.',
    description:
      '`false`: a unit leaves the board only when it is dislodged (it may choose to disband instead of retreating) or when its power has more units than centres. `true`: in the adjustments a power may also disband any of its units; disbands are carried out before builds, so a unit may be disbanded and a unit of the other kind built in the same centre. Under `adjustments priority-list` no unit is disbanded beyond what the count requires except to be replaced: a further disband is carried out only when the power builds in that province in the same adjustments (000 §11).',
    source: '000 (online version note; §11)',
    default: false,
  },
  {
    key: 'excess-builds',
    kind: 'enum',
    group: 'year',
    summary: 'Too many build orders.',
    description:
      '`first`: the first legal build orders are used, as many as allowed. `last`: the last legal ones are used. `all-void`: every build order of that power fails.',
    source: 'DATC 4.D.4',
    choices: [
      { value: 'first', summary: 'the first legal builds count' },
      { value: 'last', summary: 'the last legal builds count' },
      { value: 'all-void', summary: 'all builds fail' },
    ],
    default: 'first',
  },
  {
    key: 'same-province-builds',
    kind: 'enum',
    group: 'year',
    summary: 'Two build orders for one province.',
    description: '`first`: the first order is used. `last`: the last order is used. `all-void`: both fail.',
    source: 'DATC 4.D.5',
    choices: [
      { value: 'first', summary: 'the first build counts' },
      { value: 'last', summary: 'the last build counts' },
      { value: 'all-void', summary: 'both builds fail' },
    ],
    default: 'first',
  },
  {
    key: 'excess-disbands',
    kind: 'enum',
    group: 'year',
    summary: 'Too many disband orders.',
    description:
      '`first`: the first legal disband orders are used, as many as required. `last`: the last legal ones are used. `civil-disorder`: the orders are ignored and the removals are chosen by `removal-order`.',
    source: 'DATC 4.D.6',
    choices: [
      { value: 'first', summary: 'the first legal disbands count' },
      { value: 'last', summary: 'the last legal disbands count' },
      { value: 'civil-disorder', summary: 'removals chosen as in civil disorder' },
    ],
    default: 'first',
  },

  // --------------------------------------------------------- civil disorder
  {
    key: 'removal-order',
    kind: 'enum',
    group: 'civil-disorder',
    summary: 'Which units are removed when a power does not order its required removals.',
    description:
      '`owned-distance` (2023 rulebook): units not on a supply centre go first; among them the unit farthest from an owned supply centre, counting adjacent provinces whatever the unit could move through; fleets before armies; then in alphabetical order of the province names. `home-distance` (1971 and 1982 rulebooks; DATC v2.4 for the 2000 one): the unit farthest from its nearest home supply centre by the shortest route, fleets moving as fleets and armies over land or across water; fleets before armies; then alphabetical. `country-distance` (2000 rulebook, as written: "farthest from the country"): as `home-distance`, but counted to the nearest province of the power\'s home country (the map\'s `country` list, home centres included: Apulia is Italian though no home centre); a map that gives no `country` leaves the home centres alone. DATC v2.4, and so the `2000` edition, counted to the home centres instead (`home-distance`). `abroad-first`: units outside the home country first, then units not on a supply centre, then drawn by lot with the game seed. `random`: drawn by lot with the game seed.',
    source: 'DATC 4.D.8; 000 §11; 003',
    choices: [
      { value: 'owned-distance', summary: 'off-centre first, farthest from an owned centre (2023)' },
      { value: 'home-distance', summary: 'farthest from a home centre (1971, 1982; DATC v2.4)' },
      { value: 'country-distance', summary: 'farthest from the home country (2000 rulebook)' },
      { value: 'abroad-first', summary: 'abroad first, then off-centre, then lot' },
      { value: 'random', summary: 'drawn by lot' },
    ],
    aliases: { '2023': 'owned-distance', '1971': 'home-distance', '1982': 'home-distance', '2000': 'country-distance' },
    default: 'owned-distance',
  },
  {
    key: 'neutral-units',
    kind: 'enum',
    group: 'civil-disorder',
    summary: 'What becomes of the neutral units a variant places.',
    description:
      'Neutral units (a map\'s `neutral units`) belong to no power: they never get orders, so they hold; they may be supported to hold (unless `civil-disorder-hold-support fails`), and a dislodged neutral unit is disbanded. `hold`: that is all. `hold-and-rebuild`: also, in every adjustment phase a neutral army is built in every empty supply centre that no power owns where an army may stand (Western World 901).',
    source: 'variant Western World 901',
    choices: [
      { value: 'hold', summary: 'they hold, and are disbanded when dislodged' },
      { value: 'hold-and-rebuild', summary: 'also rebuilt in empty neutral centres at each adjustment' },
    ],
    default: 'hold',
  },
  {
    key: 'civil-disorder-hold-support',
    kind: 'enum',
    group: 'civil-disorder',
    summary: 'Whether a foreign support to hold a unit of a power in civil disorder counts.',
    description:
      'Units of a power that sent no orders hold and do not support each other. `succeeds`: another power may still support them to hold. `fails`: such supports fail.',
    source: 'DATC 4.D.9; 003',
    choices: [
      { value: 'succeeds', summary: 'the hold support counts' },
      { value: 'fails', summary: 'the hold support fails' },
    ],
    default: 'succeeds',
  },
  {
    key: 'duplicate-orders',
    kind: 'enum',
    group: 'civil-disorder',
    summary: 'A unit given two different legal orders.',
    description:
      '`hold`: both orders are void and the unit holds (it may receive hold support). `first`: the first order is used. `last`: the last order is used.',
    source: 'DATC 4.D.3',
    choices: [
      { value: 'hold', summary: 'the unit holds' },
      { value: 'first', summary: 'the first order is used' },
      { value: 'last', summary: 'the last order is used' },
    ],
    default: 'hold',
  },

  // ---------------------------------------------------------------- convoys
  {
    key: 'convoy-disruption',
    kind: 'enum',
    group: 'convoys',
    summary: 'When a convoy with several routes is disrupted.',
    description:
      '`all-routes` (1982 and later): the army does not move only when every route is disrupted. `any-route` (1971): dislodging a fleet of any route stops the army.',
    source: 'DATC 4.A.1; 004; 000 §12',
    choices: [
      { value: 'all-routes', summary: 'disrupted when all routes are disrupted' },
      { value: 'any-route', summary: 'disrupted when any route is disrupted' },
    ],
    aliases: { '1971': 'any-route', '1982': 'all-routes', '2000': 'all-routes', '2023': 'all-routes' },
    default: 'all-routes',
  },
  {
    key: 'convoy-paradox',
    kind: 'enum',
    group: 'convoys',
    summary: 'How convoy disruption paradoxes are resolved.',
    description:
      '`szykman`: the convoying fleets of a paradox hold; everything else is resolved as usual. `1971`: an army convoyed to attack a fleet that supports an attack on one of the convoying fleets does not cut that support. `1982`: an army convoyed to attack a unit that supports an action in a body of water holding a convoying fleet does not cut that support. `2000` (also the 2023 rulebook): a convoyed army does not cut the support of a unit supporting an attack on a fleet it needs for its convoy. `all-hold`: every move that is part of the paradox fails (the moves of its cycle, the armies of its convoys, the moves its supports support and every attack on one of its convoying fleets). The rulebook rules leave some paradoxes unresolved; the engine then falls back on `szykman`.',
    source: 'DATC 4.A.2; 004',
    choices: [
      { value: 'szykman', summary: 'convoying fleets of the paradox hold' },
      { value: '1971', summary: 'the 1971 rule' },
      { value: '1982', summary: 'the 1982 rule' },
      { value: '2000', summary: 'the 2000 and 2023 rulebooks' },
      { value: 'all-hold', summary: 'all moves in the paradox fail' },
    ],
    aliases: { '2023': '2000' },
    default: 'szykman',
  },
  {
    key: 'convoy-to-adjacent',
    kind: 'enum',
    group: 'convoys',
    summary: 'When an army that could move by land or by convoy takes the convoy.',
    description:
      '`via-convoy` (2000 and 2023): the convoy is used when the order says `via convoy` or a fleet of the army\'s own power is ordered to convoy it; otherwise the land route. `intent` (1982): the route shown by the intent of all orders of the army\'s power. `swap-only` (1971, avoiding unwanted convoys): the convoy is used only when the unit in the destination moves the other way and the convoy is not disrupted. `tagged-only`: only an order tagged `via convoy` uses the convoy.',
    source: 'DATC 4.A.3',
    choices: [
      { value: 'via-convoy', summary: '"via convoy" or an own convoying fleet' },
      { value: 'intent', summary: "the intent shown by the power's orders" },
      { value: 'swap-only', summary: 'only to swap with a unit moving the other way' },
      { value: 'tagged-only', summary: 'only when tagged "via convoy"' },
    ],
    aliases: { '1971': 'swap-only', '1982': 'intent', '2000': 'via-convoy', '2023': 'via-convoy' },
    default: 'via-convoy',
  },
  {
    key: 'via-convoy-fallback',
    kind: 'boolean',
    group: 'convoys',
    summary: 'Whether an army ordered to move by convoy falls back on the land route.',
    description:
      '`false`: once the convoy route is chosen (by `via convoy` or an own convoying fleet) only that route counts, even when no convoy is ordered or it is disrupted. `true`: the army moves by land when the convoy route is not there.',
    source: 'DATC 4.A.3; DATC 6.G.8, 6.G.11',
    default: false,
  },
  {
    key: 'support-cut-via-convoy',
    kind: 'enum',
    group: 'convoys',
    summary: 'Whether a convoyed army cuts a support for an attack on its own province.',
    description:
      'An army convoyed into the province of a unit that supports an attack on the army\'s own province. `not-cut`: the attack counts as coming from the army\'s province, so the support is not cut. `cut`: the attack comes from the sea, so the support is cut.',
    source: 'DATC 4.A.4; DATC 6.G.13',
    choices: [
      { value: 'not-cut', summary: 'the support is not cut' },
      { value: 'cut', summary: 'the support is cut' },
    ],
    default: 'not-cut',
  },
  {
    key: 'retreat-to-convoy-origin',
    kind: 'enum',
    group: 'convoys',
    summary: 'Whether a unit dislodged by a convoyed army may retreat to the army\'s origin.',
    description:
      '`allowed` (2023): when the attack came by convoy, the dislodged unit may retreat to the province the army left. `forbidden`: it may never retreat to the attacker\'s province.',
    source: 'DATC 4.A.5; 000 §10b; 004',
    choices: [
      { value: 'allowed', summary: 'may retreat there after a convoyed attack' },
      { value: 'forbidden', summary: "never into the attacker's province" },
    ],
    default: 'allowed',
  },
  {
    key: 'convoy-path',
    kind: 'enum',
    group: 'convoys',
    summary: 'Whether an army\'s convoy order names the seas it crosses.',
    description:
      '`ignored`: a path in the order (`A yor - nth - bel`) is ignored. `optional`: a path may be given and then only that route is used. `required`: a convoyed move without a path fails.',
    source: 'DATC 4.A.6; 000 §12',
    choices: [
      { value: 'ignored', summary: 'a path is ignored' },
      { value: 'optional', summary: 'a path may be given and binds the route' },
      { value: 'required', summary: 'a convoyed move must give its path' },
    ],
    default: 'ignored',
  },
  {
    key: 'dislodged-bounce',
    kind: 'enum',
    group: 'convoys',
    summary: 'Whether a dislodged unit can still bounce a unit entering the province its attacker left.',
    description:
      '`without-head-to-head`: a dislodged unit loses its effect on its attacker\'s province only when the two were in a head-to-head battle; when the attacker came by convoy it can still bounce a third unit there. `never`: a dislodged unit never has an effect on the province its attacker came from.',
    source: 'DATC 4.A.7; DATC 6.G.10, 6.G.14',
    choices: [
      { value: 'without-head-to-head', summary: 'it can bounce unless it lost a head-to-head battle' },
      { value: 'never', summary: "it never affects the attacker's province" },
    ],
    default: 'without-head-to-head',
  },

  // ----------------------------------------------------------------- coasts
  {
    key: 'implied-coast',
    kind: 'enum',
    group: 'coasts',
    summary: 'A fleet move to a split-coast province without a coast, when only one coast is reachable.',
    description:
      '`infer`: the move goes to the only reachable coast. `fail`: the move fails. (When both coasts are reachable the move always fails.)',
    source: 'DATC 4.B.1, 4.B.2; 000 §7a; 002',
    choices: [
      { value: 'infer', summary: 'move to the only reachable coast' },
      { value: 'fail', summary: 'the move fails' },
    ],
    default: 'infer',
  },
  {
    key: 'impossible-coast',
    kind: 'enum',
    group: 'coasts',
    summary: 'A fleet move to a coast it cannot reach.',
    description: '`illegal`: the order is illegal and ignored. `ignore-coast`: the coast is ignored and the move goes to the reachable coast.',
    source: 'DATC 4.B.3',
    choices: [
      { value: 'illegal', summary: 'the order is illegal' },
      { value: 'ignore-coast', summary: 'move to the reachable coast instead' },
    ],
    default: 'illegal',
  },
  {
    key: 'support-coast',
    kind: 'enum',
    group: 'coasts',
    summary: 'The coast in a support of a fleet move to a split-coast province.',
    description:
      '`must-match` (2023): a coast may be given and must then match the move; a support without a coast is valid. `own-may-omit`: as `must-match`, but the coast may be omitted only when supporting a unit of the supporter\'s own power. `required`: the coast must be given and match. `ignored`: any coast in the support is ignored.',
    source: 'DATC 4.B.4; DATC 6.B.7, 6.B.9, 6.B.15',
    choices: [
      { value: 'must-match', summary: 'a given coast must match; may be omitted' },
      { value: 'own-may-omit', summary: 'must match; may be omitted only for an own unit' },
      { value: 'required', summary: 'must be given and must match' },
      { value: 'ignored', summary: 'the coast is ignored' },
    ],
    default: 'must-match',
  },
  {
    key: 'wrong-unit-coast',
    kind: 'enum',
    group: 'coasts',
    summary: 'An order that gives the wrong coast for the fleet it orders.',
    description: '`ignore`: the coast of the ordered unit is ignored. `fail`: the order fails.',
    source: 'DATC 4.B.5',
    choices: [
      { value: 'ignore', summary: 'the wrong coast is ignored' },
      { value: 'fail', summary: 'the order fails' },
    ],
    default: 'ignore',
  },
  {
    key: 'unknown-coast',
    kind: 'enum',
    group: 'coasts',
    summary: 'An order naming a coast that does not exist or does not matter.',
    description:
      'A coast such as Spain west coast, or a coast on an army move (`A gas - spa/nc`). `ignore`: the coast is ignored. `fail`: the order fails.',
    source: 'DATC 4.B.6',
    choices: [
      { value: 'ignore', summary: 'the coast is ignored' },
      { value: 'fail', summary: 'the order fails' },
    ],
    default: 'ignore',
  },

  // ----------------------------------------------------------------- orders
  {
    key: 'missing-unit-type',
    kind: 'enum',
    group: 'orders',
    summary: 'An order that omits the unit type (A or F).',
    description:
      'An order such as `Holland - Belgium` that names the unit but not its type. `valid`: carried out (the type is not needed to find the unit). `invalid`: void; the unit holds. `valid-unless-other`: carried out unless the same unit also has an order that gives its type.',
    source: 'DATC 4.C.1',
    choices: VALIDITY_CHOICES,
    default: 'valid',
  },
  {
    key: 'wrong-unit-type',
    kind: 'enum',
    group: 'orders',
    summary: 'An order that gives the wrong unit type.',
    description:
      'An order such as `F Holland - Belgium` for an army. `valid`: carried out, the type being ignored. `invalid`: void; the unit holds. `valid-unless-other`: carried out unless the same unit also has an order with the right type.',
    source: 'DATC 4.C.2',
    choices: VALIDITY_CHOICES,
    default: 'valid',
  },
  {
    key: 'build-missing-unit-type',
    kind: 'enum',
    group: 'orders',
    summary: 'A build order without a unit type.',
    description:
      '`infer`: an army on an inland centre, a fleet on a coastal centre when a coast is given, else the build fails. `army-on-land`: an army on an inland centre; fails on a coastal one. `fail`: the build always fails.',
    source: 'DATC 4.C.3',
    choices: [
      { value: 'infer', summary: 'army inland, fleet when a coast is given' },
      { value: 'army-on-land', summary: 'army inland, else fail' },
      { value: 'fail', summary: 'the build fails' },
    ],
    default: 'infer',
  },
  {
    key: 'fleet-build-inland',
    kind: 'enum',
    group: 'orders',
    summary: 'A fleet build on a centre that cannot take fleets.',
    description: '`fail`: the build fails. `army`: an army is built instead.',
    source: 'DATC 4.C.4',
    choices: [
      { value: 'fail', summary: 'the build fails' },
      { value: 'army', summary: 'an army is built' },
    ],
    default: 'fail',
  },
  {
    key: 'missing-nationality',
    kind: 'enum',
    group: 'orders',
    summary: 'A support or convoy of a foreign unit that omits its nationality.',
    description:
      'A support or convoy that names a foreign unit without its power (`A mun S A ber - sil` for a Russian army). `valid`: the nationality is not needed. `invalid`: the order is void. `valid-unless-other`: valid unless another order of the same unit names the power.',
    source: 'DATC 4.C.5',
    choices: VALIDITY_CHOICES,
    default: 'valid',
  },
  {
    key: 'wrong-nationality',
    kind: 'enum',
    group: 'orders',
    summary: 'A support or convoy of a foreign unit that gives the wrong nationality.',
    description:
      'A support or convoy that names a foreign unit with the wrong power. `valid`: the nationality is ignored. `invalid`: the order is void. `valid-unless-other`: valid unless another order of the same unit names the right power.',
    source: 'DATC 4.C.6',
    choices: VALIDITY_CHOICES,
    default: 'valid',
  },
  {
    key: 'illegal-orders',
    kind: 'enum',
    group: 'orders',
    summary: 'What an impossible order does.',
    description:
      '`ignored` (2023): an impossible order (`A mos - mun`) is ignored; the unit holds and may receive hold support. `deny-hold-support`: an impossible move still counts as a move order, so the unit cannot receive hold support.',
    source: 'DATC 4.E.1; 004',
    choices: [
      { value: 'ignored', summary: 'ignored; the unit holds and can be supported' },
      { value: 'deny-hold-support', summary: 'still blocks hold support' },
    ],
    default: 'ignored',
  },
  {
    key: 'implicit-orders',
    kind: 'boolean',
    group: 'orders',
    summary: 'Whether a move may be deduced from a support or convoy of the same power.',
    description:
      '`true`: an unordered unit that an own support or convoy order expects to move is given that move order (an explicit order always wins). `false`: no orders are deduced.',
    source: 'DATC 4.E.3',
    default: false,
  },

  // ---------------------------------------------------------- dislodgement
  {
    key: 'self-dislodgement',
    kind: 'enum',
    group: 'dislodgement',
    summary: 'How a power is kept from dislodging its own units.',
    description:
      '`standard`: a power cannot dislodge its own unit, and its support does not count for a foreign unit dislodging its own unit (the foreign move may still succeed with other support). `no-convoy`: as `standard`, and its fleets do not convoy a foreign army that would dislodge its own unit. `support-becomes-hold`: as `standard`, and when its unit in the target province does not leave, its support for the foreign move becomes a support to hold its own unit.',
    source: 'DATC 6.D.10–6.D.16, 6.E.3, 6.E.12; 000 §9; 002; 004',
    choices: [
      { value: 'standard', summary: 'no dislodging or supporting against own units' },
      { value: 'no-convoy', summary: 'also no convoying a foreign unit against own units' },
      { value: 'support-becomes-hold', summary: 'such a support becomes hold support for the own unit' },
    ],
    default: 'standard',
  },

  // ---------------------------------------------------------------- victory
  {
    key: 'victory-centres',
    kind: 'integer-or-enum',
    group: 'victory',
    summary: 'Supply centres a power needs to win alone.',
    description:
      'A number of centres, or `majority`: more than half of all supply centres on the map (18 of 34 on the classic map). A power owning at least that many wins alone (see `victory-alone-in-lead`). The game is judged after every phase and after every `declare` block of a game file; centres change owner only after the fall movement and its retreats, so that is when the number is reached.',
    source: '000 §4a; 002; 003; 004',
    min: 1,
    choices: [{ value: 'majority', summary: 'more than half of all supply centres' }],
    default: 'majority',
  },
  {
    key: 'victory-alone-in-lead',
    kind: 'boolean',
    group: 'victory',
    summary: 'Whether a solo winner must also hold more centres than every other power.',
    description:
      '`true`: a power reaching `victory-centres` wins only if it also owns more centres than every other power (000 §4a: the most centres and at least the number). `false`: reaching the number is enough; two powers reaching it at once are a tie (see `victory-ties`).',
    source: '000 §4a',
    default: true,
  },
  {
    key: 'alliance-victory',
    kind: 'integer-or-enum',
    group: 'victory',
    summary: 'Centres a declared alliance of two powers needs to win jointly.',
    description:
      '`off`: no alliance wins. A number N: two powers that have both declared their alliance (in a game file `alliance A, B`, or `A allies B` and `B allies A`) win jointly when together they own at least N centres and more than every other power and every other alliance in force. A power declares one ally at a time, so no alliance has more than two powers (000 §4b). `solo-threshold`: N is the `victory-centres` number. Checked whenever the game is judged, so an alliance wins as soon as it is declared if it already meets the condition.',
    source: '000 §4b',
    min: 1,
    choices: [
      { value: 'off', summary: 'no alliance victory' },
      { value: 'solo-threshold', summary: 'the victory-centres number, combined' },
    ],
    default: 'off',
  },
  {
    key: 'solo-beats-alliance',
    kind: 'boolean',
    group: 'victory',
    summary: 'Whether a solo victory takes precedence over an alliance victory reached at the same time.',
    description:
      '`true`: when a power that wins alone (by `victory-centres`, `victory-year` or `victory-at-end`) and an alliance meet their conditions at the same moment, the power wins alone and the alliance wins nothing, even when the power is one of the allies (000 §4). `false`: they are a tie, settled by `victory-ties`.',
    source: '000 §4',
    default: true,
  },
  {
    key: 'victory-year',
    kind: 'integer-or-enum',
    group: 'victory',
    summary: 'A year after whose fall the power with the most centres wins.',
    description:
      '`off`: no year limit. A year Y (e.g. `1905`, 002\'s `05-F`): once the fall of Y has changed the centre owners (after the fall retreats; after the fall movement in a postal year), the power with the most centres wins alone. Several powers sharing the most centres are a tie (`victory-ties`); under `extend` the leader is looked for again after each later fall.',
    source: '000 §4c; 002',
    min: 1,
    choices: [{ value: 'off', summary: 'no year limit' }],
    default: 'off',
  },
  {
    key: 'victory-lead-year',
    kind: 'integer-or-enum',
    group: 'victory',
    summary: 'A year that sets the lead over the runner-up with which a power wins alone.',
    description:
      '`off`: no such victory. A year Y: a power also wins alone when, once the centres have changed owner in a year, it owns more centres than every other power by more than Y minus that year, and by at least one (with `2020`: a lead of 20 in 2001, 6 in 2015, 1 from 2020 on; Twenty Twenty). It is judged with the owners of the year that set them, like `victory-centres`.',
    source: 'variant Twenty Twenty',
    min: 0,
    choices: [{ value: 'off', summary: 'no victory by a lead' }],
    default: 'off',
  },
  {
    key: 'victory-at-end',
    kind: 'boolean',
    group: 'victory',
    summary: 'Whether the leader in centres wins when the game is ended (e.g. at a time limit).',
    description:
      '`true`: when the game is ended (a game file\'s `end` declaration, e.g. at an agreed time limit, 002), the power with the most centres wins alone; a shared lead is a tie (`victory-ties`): shared, or under `extend` the ended game goes on until one power leads after a later fall. `false`: ending the game ends it without a winner, unless another condition is met at that moment.',
    source: '002',
    default: false,
  },
  {
    key: 'victory-ties',
    kind: 'enum',
    group: 'victory',
    summary: 'What happens when several powers or alliances meet a victory condition at once.',
    description:
      'When several powers or alliances meet a victory condition at the same moment (after `solo-beats-alliance`). `shared` (002): they share the win; every power among them is a winner. `extend` (000 §4): no one has won yet and the game goes on; it is judged again after every later phase, and as centres change owner only after a fall, a year at a time, until exactly one power or alliance meets a condition. With an alliance victory only `extend` is allowed (DF2014).',
    source: '000 §4; 002',
    choices: [
      { value: 'shared', summary: 'they share the win' },
      { value: 'extend', summary: 'play on a year at a time' },
    ],
    default: 'shared',
  },
  {
    key: 'draws',
    kind: 'enum',
    group: 'victory',
    summary: 'Draws by agreement.',
    description:
      'Results by agreement, declared in a game file with `draw` and `concede`. A power is in the game (a survivor) while it owns a centre or has a unit. `all-survivors` (003): a draw takes effect when it is shared by every survivor and every survivor voted for it. `any-subset`: a draw may be shared by any two or more survivors, but every survivor must vote for it. `none`: no draws and no concessions. Under `all-survivors` and `any-subset` a concession takes effect when every other survivor concedes the game to one power, or to two declared allies; it counts as a win alone, or an alliance win, for scoring. A victory condition met at the same moment comes first.',
    source: '003',
    choices: [
      { value: 'all-survivors', summary: 'a unanimous draw among all survivors' },
      { value: 'any-subset', summary: 'a unanimous draw among some survivors' },
      { value: 'none', summary: 'no draws' },
    ],
    default: 'all-survivors',
  },

  // ---------------------------------------------------------------- scoring
  {
    key: 'scoring',
    kind: 'enum',
    group: 'scoring',
    summary: 'How a finished game is scored.',
    description:
      '`none`: no scores. `centres-plus-bonus` (000 app. 2): each power scores the centres it owns; a power that won alone (by centres, as the leader, or by a concession) adds `solo-bonus`; each of two allies that won (or were conceded the game) adds `alliance-bonus`; a shared win, a draw or a game ended without a winner adds nothing. `draw-size`: a pot of 1 point shared equally by the powers of the result: 1 to a power that won alone, 1/2 to each ally, 1/N to each of N powers sharing a win or a draw; every other power 0, and every power 0 while the game goes on or when it ended without a winner. `sum-of-squares`: a power that won by `victory-centres` (or was conceded the game alone) scores 100 and every other power 0; otherwise each power scores 100 × its centres² ÷ the sum over all powers of their centres². While the game goes on the scores are provisional, counted on the position as it stands.',
    source: '000 app. 2',
    choices: [
      { value: 'none', summary: 'no scores' },
      { value: 'centres-plus-bonus', summary: 'centres, plus a solo or alliance bonus' },
      { value: 'draw-size', summary: 'shared equally among the winners' },
      { value: 'sum-of-squares', summary: 'centres squared over the sum of squares' },
    ],
    default: 'none',
  },
  {
    key: 'solo-bonus',
    kind: 'integer',
    group: 'scoring',
    summary: 'Points a solo winner adds under centres-plus-bonus scoring.',
    description:
      'Added to the centre count of a power that won alone (by `victory-centres`, as the leader under `victory-year` or `victory-at-end`, or by a concession) when `scoring` is `centres-plus-bonus`; text 000 gives +10. Ignored by the other scoring systems.',
    source: '000 app. 2',
    min: 0,
    default: 10,
  },
  {
    key: 'alliance-bonus',
    kind: 'integer',
    group: 'scoring',
    summary: 'Points each member of a winning alliance adds under centres-plus-bonus scoring.',
    description:
      'Added to the centre count of each of the two members of a winning alliance (or of two allies conceded the game) when `scoring` is `centres-plus-bonus`; text 000 gives +6. Ignored by the other scoring systems.',
    source: '000 app. 2',
    min: 0,
    default: 6,
  },
] as const satisfies readonly RuleOptionSpec[];

// ------------------------------------------------------------------ types

type RegistryEntry = (typeof RULE_REGISTRY)[number];

/** Every option key. */
export type RuleKey = RegistryEntry['key'];

type EntryFor<K extends RuleKey> = Extract<RegistryEntry, { readonly key: K }>;

type ValueOfEntry<E> = E extends { readonly kind: 'enum'; readonly choices: readonly { readonly value: infer V }[] }
  ? V
  : E extends { readonly kind: 'boolean' }
    ? boolean
    : E extends { readonly kind: 'integer' }
      ? number
      : E extends { readonly kind: 'integer-or-enum'; readonly choices: readonly { readonly value: infer V }[] }
        ? number | V
        : E extends { readonly kind: 'list' }
          ? readonly string[]
          : E extends { readonly kind: 'name' }
            ? string
            : never;

/** The value type of one option. */
export type RuleValue<K extends RuleKey = RuleKey> = ValueOfEntry<EntryFor<K>>;

/** Every rule option resolved: the `rules` object of a VariantConfig. */
export type RuleOptions = { readonly [K in RuleKey]: RuleValue<K> };

// -------------------------------------------------------------- functions

const SPECS: readonly RuleOptionSpec[] = RULE_REGISTRY;
const BY_KEY: ReadonlyMap<string, RuleOptionSpec> = new Map(SPECS.map((s) => [s.key, s]));

/** Every option key, in documentation order. */
export const RULE_KEYS: readonly RuleKey[] = RULE_REGISTRY.map((s) => s.key);

/** Whether `key` names a rule option (exactly, lower-case). */
export function isRuleKey(key: string): key is RuleKey {
  return BY_KEY.has(key);
}

/** The registry entry of an option; the key is case-insensitive. */
export function ruleOption<K extends RuleKey>(key: K): EntryFor<K>;
export function ruleOption(key: string): RuleOptionSpec | undefined;
export function ruleOption(key: string): RuleOptionSpec | undefined {
  return BY_KEY.get(key.toLowerCase());
}

/** The values of the `2023` edition (DATC v3.1 preferences): the base of every rule set. */
export function defaultRuleOptions(): RuleOptions {
  const out: Record<string, unknown> = {};
  for (const spec of SPECS) {
    out[spec.key] = Array.isArray(spec.default) ? [...spec.default] : spec.default;
  }
  return out as RuleOptions;
}

/** The allowed values of an option, as they would be written, for messages and completion. */
export function ruleValueList(spec: RuleOptionSpec): string[] {
  switch (spec.kind) {
    case 'enum':
      return spec.choices.map((c) => c.value);
    case 'boolean':
      return ['true', 'false'];
    case 'integer':
      return [rangeText(spec.min, spec.max)];
    case 'integer-or-enum':
      return [rangeText(spec.min, spec.max), ...spec.choices.map((c) => c.value)];
    case 'list':
      return [`a comma list of ${spec.itemDescription}`];
    case 'name':
      return ['a rule-set name'];
  }
}

function rangeText(min: number, max: number | undefined): string {
  return max === undefined ? `an integer >= ${min}` : `an integer from ${min} to ${max}`;
}
