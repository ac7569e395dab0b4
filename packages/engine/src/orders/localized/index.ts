/**
 * Orders written in other languages (docs/ORDER-LANGUAGES.md): a tolerant reader
 * and a printer for Chinese (`zh`), Japanese (`ja`) and Finnish (`fi`), both
 * driven by one vocabulary per language (`./languages/*.ts`, data only) and the
 * variant's own localized names.
 *
 * API
 *
 *   readLocalizedOrders(board, language, text, context?) → LocalizedReadResult
 *     text: what a player wrote, e.g. `华沙陆军移动到莫斯科`, `イギリス:海軍 North Sea(北海)-Norway(ノルウェー)`,
 *     `Armeija Berliini hyökkää Varsovaan`. One text may hold several orders
 *     (`北海舰队、挪威海舰队运输荷兰陆军移动圣彼得堡` is two convoy orders). A text
 *     longer than MAX_LOCALIZED_LENGTH (1,000) characters is not read (`too-long`).
 *     context (all optional): `power` giving the order when the text names none;
 *     `phase` (a plain move in a retreat phase is a retreat); `unitAt(loc)` for the
 *     unit standing at a location, which fills in a unit kind the text leaves out
 *     (`普鲁士军`), tells whose order it is, and picks the one reading that fits the
 *     board when the text reads several ways; `guessNames: false` to refuse typos.
 *     Never throws. Results:
 *       { ok: true, orders, warnings? }            canonical `Order`s; a warning
 *                                                 (`guessed-name`) per name read as
 *                                                 the one name within one edit of it
 *       { ok: false, code: 'ambiguous', readings } every distinct reading, each with its
 *                                                 orders and canonical text (`formatOrder`)
 *       { ok: false, code, word?, start, end }     'not-understood' (the word no vocabulary
 *                                                 or name explains, `word` = that text),
 *                                                 'incomplete', 'no-power', 'empty',
 *                                                 'unknown-language', 'internal'
 *     `start`/`end` are UTF-16 offsets into `text`.
 *
 *   formatLocalizedOrder(board, language, order, { power? }) → string
 *     The order in the language, which `readLocalizedOrders` reads back to the same
 *     order (`华沙陆军移动到乌克兰`, `陸軍 ワルシャワ-ウクライナ`, `Armeija Varsova hyökkää Ukrainaan`).
 *     An unknown language prints the canonical notation (`formatOrder`).
 *
 *   orderLanguages() → ['fi', 'ja', 'zh'];  orderVocabulary(language) → Vocabulary | undefined
 *     A tag with a region or script (`zh-Hant`, `zh-TW`) finds its language's vocabulary.
 *
 *   LOCALIZED_DIAGNOSTIC_CODES: result code → registered diagnostic code
 *     (DF6030… errors, DF8040 warning), for callers that report them.
 */
export { readLocalizedOrders, MAX_LOCALIZED_LENGTH } from './read.js';
export { formatLocalizedOrder } from './print.js';
export { orderLanguages, orderVocabulary } from './languages/index.js';
export type {
  LocalizedReadContext,
  LocalizedReadResult,
  LocalizedErrorCode,
  LocalizedWarning,
  LocalizedWarningCode,
  Reading,
} from './result.js';
export { LOCALIZED_DIAGNOSTIC_CODES } from './result.js';
export { placeSpans, spellingIn, spellingSuggestions, type NamedSpan, type SpellingSuggestion } from './spellings.js';
export type { Vocabulary, Meaning, CoastWord, Inflection, Templates } from './vocabulary.js';
