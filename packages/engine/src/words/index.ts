/** Results and reports in words, in English, Chinese, Japanese and Finnish (messages as data, one table per language). */
export { say, SEASONS, PHASE_KINDS, type Messages, type TextKey, type Season as SeasonWord, type PhaseKindWord } from './messages.js';
export { messagesFor, reportLanguages } from './tables.js';
export { canonicalNamer, languageNamer, type Namer } from './namer.js';
export { resultWords, statusWords } from './results.js';
export { phaseWords, powerList, outcomeWords } from './game-words.js';
