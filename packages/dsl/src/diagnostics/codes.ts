/**
 * Every diagnostic dipforge reports, with its stable code and severity.
 * Codes never change meaning once published; `docs/DIAGNOSTICS.md` lists them
 * (a test keeps the two in step).
 */
export type Severity = 'error' | 'warning' | 'info';

interface CodeInfo {
  readonly code: string;
  readonly severity: Severity;
  readonly summary: string;
}

function code(code: string, severity: Severity, summary: string): CodeInfo {
  return { code, severity, summary };
}

export const Codes = {
  // dipforge itself (DF0xxx): never a problem of the input; a command that meets one exits 3
  internalError: code('DF0001', 'error', 'dipforge itself failed on this input (a bug in dipforge, not in the file; the message says what failed); a command that meets it exits 3.'),

  // Syntax (DF1xxx)
  unexpectedCharacter: code('DF1001', 'error', 'A character that no token starts with.'),
  syntaxError: code('DF1002', 'error', 'The tokens do not form a valid declaration.'),
  unterminatedString: code('DF1003', 'error', 'A string that is not closed before the end of the line.'),
  unterminatedComment: code('DF1004', 'error', 'A block comment that is not closed.'),
  tooManyErrors: code('DF1005', 'error', 'So many syntax errors that the rest are not listed.'),

  // Names (DF2xxx)
  unknownProvince: code('DF2001', 'error', 'A name that is no province of the variant.'),
  unknownPower: code('DF2002', 'error', 'A name that is no power of the variant.'),
  unknownCoast: code('DF2003', 'error', 'A coast that the province does not have.'),
  unknownEdition: code('DF2004', 'error', 'An edition or rule set that is not defined.'),
  unknownRuleOption: code('DF2005', 'error', 'A rule option that does not exist.'),
  invalidRuleValue: code('DF2006', 'error', 'A value that the rule option does not take.'),
  unknownUnitKind: code('DF2007', 'error', 'A unit kind other than army (A) or fleet (F).'),
  unknownLanguageTag: code('DF2008', 'error', 'A language tag that is not a well-formed BCP-47 tag.'),
  duplicateId: code('DF2010', 'error', 'Two declarations with the same id.'),
  duplicateName: code('DF2011', 'error', 'A name or alias used by two provinces or powers (in any language).'),
  duplicateItem: code('DF2012', 'error', 'An item given twice where only one is allowed.'),
  invalidValue: code('DF2013', 'error', 'A value of the wrong form (number, colour, season, phase).'),

  // Map structure (DF3xxx)
  coastOnProvinceWithoutCoasts: code('DF3001', 'error', 'A coast given for a province that has no named coasts.'),
  missingCoast: code('DF3002', 'error', 'A fleet location in a province with named coasts that names no coast.'),
  armyOnCoast: code('DF3003', 'error', 'An army adjacency or location that names a coast.'),
  fleetIntoLand: code('DF3004', 'error', 'A fleet adjacency to or from a landlocked province.'),
  armyIntoSea: code('DF3005', 'error', 'An army adjacency to or from a sea province.'),
  selfAdjacency: code('DF3006', 'error', 'A province adjacent to itself.'),
  adjacencyToImpassable: code('DF3007', 'error', 'An adjacency to or from an impassable province.'),
  coastsOnNonCoastal: code('DF3008', 'error', 'Named coasts on a province that is not a coastal province.'),
  impassableSupplyCentre: code('DF3009', 'error', 'An impassable province that is a supply centre.'),
  noProvinces: code('DF3010', 'error', 'A variant with no provinces.'),
  noPowers: code('DF3011', 'error', 'A variant with no powers.'),
  noVariant: code('DF3012', 'error', 'A file compiled as a variant that declares no variant.'),
  duplicateVariant: code('DF3013', 'error', 'Two variant declarations in one variant.'),

  // Powers, centres and units (DF4xxx)
  homeNotSupplyCentre: code('DF4001', 'error', 'A home centre that is not a supply centre.'),
  homeOfTwoPowers: code('DF4002', 'error', 'A home centre claimed by two powers.'),
  unitOnImpossibleTerrain: code('DF4003', 'error', 'A starting unit on a province its kind cannot stand on.'),
  unitWithoutCoast: code('DF4004', 'error', 'A starting fleet in a province with named coasts that names no coast.'),
  twoUnitsInProvince: code('DF4005', 'error', 'Two starting units in one province.'),
  ownedNotSupplyCentre: code('DF4006', 'error', 'A starting centre that is not a supply centre.'),
  centreOwnedTwice: code('DF4007', 'error', 'A centre owned by two powers at the start.'),
  neutralCentreOwned: code('DF4008', 'error', 'A centre listed as neutral that a power owns at the start.'),
  neutralNotSupplyCentre: code('DF4009', 'error', 'A neutral centre that is not a supply centre.'),

  // Files, imports and extends (DF5xxx)
  fileNotFound: code('DF5001', 'error', "An imported or extended file, or a game's variant file, that cannot be read (missing, or behind a symbolic link that leads to no file or round in a loop)."),
  importCycle: code('DF5002', 'error', 'Imports or extends that lead back to the same file.'),
  outsideProject: code('DF5003', 'error', "An import, extends or game variant path that leads outside the project folder, also through a symbolic link (an imported map's USE or MAP: outside the map file's folder); the file is not read."),
  unknownVariant: code('DF5004', 'error', 'An extends that names no built-in variant.'),
  rulesetCycle: code('DF5005', 'error', 'Rule sets that extend each other in a cycle.'),
  removeUnknown: code('DF5006', 'error', 'A remove of something the base variant does not declare.'),
  removeWithoutExtends: code('DF5007', 'error', 'A remove in a variant that extends nothing.'),
  invalidEncoding: code('DF5009', 'error', 'A file that is not UTF-8 text: the message gives the byte offset, line and column of the first byte that is not valid UTF-8.'),
  invalidConfig: code('DF5008', 'error', 'The compiled configuration does not satisfy the VariantConfig schema.'),

  // Games: the .dipgame language (DF6xxx)
  gameSyntax: code('DF6001', 'error', 'A line of a game file that is no statement of the game language.'),
  misplacedStatement: code('DF6002', 'error', 'A game statement in the wrong section (a header line after the phases, units outside a position…).'),
  invalidOrder: code('DF6003', 'error', 'An order that cannot be read against the board (the message says why).'),
  unknownResult: code('DF6004', 'error', 'An expected order result other than [succeeds], [fails] or [illegal].'),
  invalidPhase: code('DF6005', 'error', "A phase the variant's year does not have, or one that comes before the game's current phase."),
  orderWithoutPower: code('DF6006', 'error', 'An order line that no POWER: line comes before.'),
  expectationFailed: code('DF6007', 'error', 'An expectation of a game file that the adjudication does not meet.'),
  adjudicationFailed: code('DF6009', 'error', 'The engine failed on a phase of the game (a bug in dipforge); a command that meets it exits 3.'),
  decisionChainTooLong: code('DF6011', 'error', 'A movement phase whose orders depend on one another in a chain longer than dipforge follows (1,000 orders, a move on the move out of its target, …); only a board of more units can have one.'),
  variantDoesNotCompile: code('DF6010', 'error', 'The variant a game names has errors, so the game cannot be played.'),

  // Imports: maps of other engines read by `dipforge import-map` (docs/IMPORT-MAP.md): DF700x errors, DF701x warnings, DF702x information
  mapLineUnreadable: code('DF7001', 'error', 'A line of an imported map file that does not have the form of its directive.'),
  mapUnknownPlace: code('DF7002', 'error', 'A name in an imported map file that is no place (province or coast) of the map.'),
  mapFileNotFound: code('DF7003', 'error', 'A map file named by USE or MAP that cannot be read, or one read twice.'),
  mapNoCurrentPower: code('DF7004', 'error', 'A unit, OWNS, CENTERS, INHABITS, HOME or UNITS line before any power line.'),
  mapInvalidUnit: code('DF7005', 'error', 'A starting unit on a place its kind cannot stand on in the imported map.'),
  mapInconsistent: code('DF7006', 'error', 'Facts of an imported map that contradict each other (a coast of an undeclared province, a place without terrain, a centre owned twice).'),
  mapNotExpressible: code('DF7010', 'warning', 'A directive or value of an imported map that the variant language cannot express (yet): it is left out or approximated, as the message says.'),
  mapLeftOut: code('DF7020', 'info', 'Something of an imported map that does not change play and is left out (an alias that is no identifier, an ambiguous alias, a power letter).'),
  mapNoFullName: code('DF7011', 'warning', 'A place of an imported map without a full-name line; its abbreviation is used as its name.'),

  // Warnings (DF8xxx)
  oneWayAdjacency: code('DF8001', 'warning', 'An adjacency that works in one direction only.'),
  unreachableProvince: code('DF8002', 'warning', 'A province no unit can ever reach.'),
  victoryAboveCentres: code('DF8003', 'warning', 'A victory threshold above the number of supply centres.'),
  duplicateAdjacency: code('DF8004', 'warning', 'An adjacency declared twice.'),
  noHomeCentres: code('DF8005', 'warning', 'A power with no home centres.'),
  phaseSkipped: code('DF8006', 'warning', 'A phase with something to order that the game file leaves out; it is adjudicated with no orders.'),

  // Rule options that conflict (docs/RULES.md, "Options that conflict"), and games played under another edition
  ruleConflict: code('DF2014', 'error', 'A rule option whose value cannot work with another option (e.g. retreats phase in a postal year).'),
  ruleIgnored: code('DF8007', 'warning', 'A rule option that has no effect with the other options (e.g. custom-phases when year-shape is not custom).'),
  rulePartial: code('DF8008', 'warning', 'Rule options that work together only in part: one makes part of another pointless (e.g. priority retreat lists in a five-phase year, whose retreat phases then have nothing to do).'),
  // Information (DF9xxx)
  setAside: code('DF9001', 'info', 'Played under another edition (--edition), a phase or order of the file that edition does not have: it is set aside and the defaults of that edition apply.'),

  // Victory, alliances, draws and the end of a game: the declare blocks of game files
  badDeclaration: code('DF6020', 'error', 'A declaration that cannot be made: an alliance not of exactly two powers, a power allied with itself, a draw or concession naming a power twice or one out of the game.'),
  declarationWithoutEffect: code('DF8020', 'warning', 'A declaration that changes nothing: the game is already over, the rules turn it off, or a draw or concession that not every power it needs agreed.'),
  phaseAfterGameOver: code('DF8021', 'warning', 'A phase written after the game is over; it is adjudicated but changes no result.'),

  // Home countries: the `country` item of a power (its home centres belong to it without being listed)
  countryOfTwoPowers: code('DF4010', 'error', "A province in two powers' home countries (a home centre is always in its own power's)."),
  countryNotLand: code('DF4011', 'error', 'A sea or impassable province in a home country.'),

  // Orders read with a guess (docs/GAME-LANGUAGE.md, "Misspelt names")
  guessedName: code('DF8030', 'warning', 'A misspelt province or power name in an order, read as the one name it is clearly close to (the message says which).'),

  // Orders written in Chinese, Japanese or Finnish (docs/ORDER-LANGUAGES.md); the engine's result codes map to these
  localizedNotUnderstood: code('DF6030', 'error', 'A localized order with a word that is no word of the language\'s order vocabulary and no name on the map (the message quotes it).'),
  localizedAmbiguous: code('DF6031', 'error', 'A localized order that reads more than one way; the message shows every reading.'),
  localizedIncomplete: code('DF6032', 'error', 'A localized order whose words are all known but that ends before it is a whole order.'),
  localizedNoVocabulary: code('DF6033', 'error', 'An order to be read in a language that has no order vocabulary.'),
  localizedNoPower: code('DF6034', 'error', 'A localized order that names no power when none can be told from the game.'),
  localizedEmpty: code('DF6035', 'error', 'An empty localized order.'),
  localizedInternal: code('DF6036', 'error', 'The localized order reader failed on a text (a bug in dipforge); a command that meets it exits 3.'),
  localizedTooLong: code('DF6037', 'error', 'A line in Chinese, Japanese or Finnish longer than the localized reader reads (1,000 characters); write its orders on several lines.'),
  localizedGuessedName: code('DF8040', 'warning', 'A misspelt name or word in a localized order (one character off), read as the name or word it is close to (the message says which).'),

  // Variant features: archipelagos, neutral units, removing neutral centres (docs/MAP-LANGUAGE.md, "Variant features")
  // Orders against the map (DF303x): what no position can make legal, reported as a mistake in the text (docs/GAME-LANGUAGE.md, "Orders that can never be legal")
  orderNeverLegal: code('DF3030', 'warning', 'An order that no position can make legal on the map (a fleet sent inland, a move or support between provinces that do not touch and that no convoy joins, a unit where its kind cannot stand); the unit holds. Not reported on a line that expects [illegal].'),
  archipelagoNotCoast: code('DF3020', 'error', 'An archipelago that is not a coast province (only a province where both armies and fleets stand can be one).'),
  neutralPowerName: code('DF4020', 'error', 'A variant with neutral units that has a power called neutral, the name neutral units go by.'),
  neutralUnitsWithoutEffect: code('DF8050', 'warning', 'A rule about neutral units (neutral-units hold-and-rebuild) in a variant that has no neutral units.'),
  removeNeutralUnknown: code('DF4030', 'error', 'A remove neutral centres of a centre the base variant does not list as neutral, or of neutral centres when the base declares none.'),

  // Converting a game to another edition (dipforge convert; docs/GAME-LANGUAGE.md, "Converting a game")
  convertUnsupported: code('DF6050', 'error', 'A game that cannot be converted to the edition asked for: a year that is neither separate phases nor the postal year, or a game that starts in a phase the other year does not have.'),
  convertResultChanged: code('DF8060', 'warning', 'Converted to another edition, an order, retreat or adjustment on this line comes out otherwise than under the file\'s edition (the message gives both).'),
  convertPositionsPart: code('DF8061', 'warning', 'Converted to another edition, the positions after this phase differ from those under the file\'s edition; the later phases follow from there.'),
  convertResolved: code('DF8062', 'warning', 'Converted to another edition, a priority list (or orders that were not carried out) is written as what it came to in this game: the choices it depended on are gone.'),
  convertDefaultWritten: code('DF8063', 'warning', 'Converted to another edition, what a default of the file\'s edition did (retreat-default, removal-order, auto-builds) is written as orders, since the other edition\'s default is another.'),
  convertExpectationRemoved: code('DF8064', 'warning', 'Converted to another edition, an expectation that no longer holds there, kept as a comment.'),
  convertLeftOut: code('DF8065', 'warning', 'Converted to another edition, something the conversion could not carry across (the message says what), left to the other edition\'s defaults.'),

  // The language server (docs/LSP.md, "Limits")
  fileTooLarge: code('DF8070', 'warning', 'A file larger than the language server reads (1 MiB): it is not parsed, so nothing in it is checked, completed or found.'),

  // The game object and `dipforge serve` (docs/LIBRARY.md, "Errors"): errors returned as data, each with its kind
  playUnknownVariant: code('DF8080', 'error', 'The game object or `serve`: no built-in variant of that name (kind `unknown-variant`; `known` lists them).'),
  playUnknownEdition: code('DF8081', 'error', 'The game object or `serve`: the variant has no edition of that name (kind `unknown-edition`; `known` lists them).'),
  playBadOrder: code('DF8082', 'error', 'The game object or `serve`: an order that cannot be read (kind `bad-order`; `order` is its index in the list, `start` and `end` the span of its text not understood).'),
  playBadPosition: code('DF8083', 'error', 'The game object or `serve`: a position that is not one, or names places, powers or units the board does not have (kind `bad-position`).'),
  playBadRequest: code('DF8084', 'error', '`serve`: a request that is not JSON, has no method or a field of the wrong type; or a power the variant does not have (kind `bad-request`).'),
  playUnknownGame: code('DF8085', 'error', '`serve`: a game handle that is not open (kind `unknown-game`).'),
  playBadConfig: code('DF8086', 'error', 'The game object or `serve`: a variant config that is not valid against the JSON Schema (kind `bad-config`).'),
  playTooLarge: code('DF8087', 'error', '`serve`: a request past a limit (a line of 32 MiB, 10,000 open games, 100,000 phases in one request; kind `too-large`).'),
  playGameOver: code('DF8088', 'error', 'The game object or `serve`: orders for a game that is over (kind `game-over`).'),
  playInternal: code('DF8089', 'error', '`serve`: dipforge itself failed on the request (a bug, not the request; kind `internal`); the server goes on.'),

  // Order languages of a game file (docs/GAME-LANGUAGE.md, "Orders in other languages")
  unknownOrderLanguage: code('DF6040', 'error', 'A language line naming a language dipforge has no order vocabulary for.'),
  // The author's artwork for the board (`board "map.svg"`, docs/RENDER.md, "Artwork")
  boardUnreadable: code('DF2020', 'error', 'The board artwork cannot be used: the file is missing, unreadable, outside the project folder, or not SVG (the message gives the place in the SVG).'),
  boardNoShape: code('DF2021', 'error', 'A province with no shape in the board artwork (no element whose id is the province id).'),
  boardExtraShape: code('DF2022', 'warning', 'A shape in the board artwork whose id names no province nor coast (an id starting with _ marks decoration).'),
  boardStrayBorder: code('DF2023', 'warning', 'Two provinces whose shapes in the board artwork touch but that are not adjacent.'),
  boardMissingBorder: code('DF2024', 'warning', 'Two adjacent provinces whose shapes in the board artwork do not touch, and that the board item does not declare as a link.'),
  boardBadGeometry: code('DF2025', 'warning', 'Geometry in the board artwork that cannot be read (path data, points, a transform); the rest of the shape is used.'),
  boardDuplicateShape: code('DF2026', 'warning', 'A second element for the same province or coast in the board artwork; both are drawn as one shape.'),
  boardBadLink: code('DF2027', 'warning', 'A link on the board item between provinces that are not adjacent, or whose shapes touch anyway (the link is not needed).'),
} as const;

export type CodeName = keyof typeof Codes;
