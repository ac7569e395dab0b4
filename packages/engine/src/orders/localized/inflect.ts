/**
 * Case forms of a place name, derived from its nominative by a vocabulary's
 * inflection tables (Finnish: Varsova → Varsovaan, Varsovassa, Varsovan; Lontoo →
 * Lontooseen; Hollanti → Hollannissa). The reader matches written words against
 * these forms, so a map lists a name once, in the nominative.
 */
import type { CaseInfo, Inflection } from './vocabulary.js';

export interface CaseForm {
  form: string;
  case: string;
  role: CaseInfo['role'];
}

const VOWELS = 'aeiouyäöå';

/** A name of several words split before its last word: `Pohjois-Afrikka` → `Pohjois-` and `Afrikka`. */
const LAST_PART = /^(.*[\s-])(\p{L}+)$/u;

/**
 * The case forms of a name, lower case. A name of several words (`Pohjois-Afrikka`,
 * `Englannin kanaali`) inflects its last word only: `Pohjois-Afrikkaan`, `Englannin kanaalissa`.
 * `anyHarmony` gives the endings of both harmonies, for foreign names whose harmony
 * goes by how they are said (`Yorkshiressa` and `Yorkshiressä` are both written).
 */
export function caseForms(nominative: string, inflection: Inflection, anyHarmony = false): CaseForm[] {
  const whole = nominative.normalize('NFC').toLowerCase();
  const parts = LAST_PART.exec(whole);
  if (parts !== null) {
    const [, head, last] = parts as unknown as [string, string, string];
    if (!/^[\p{L}\s-]+$/u.test(head)) return [];
    return wordForms(last, inflection, anyHarmony).map((f) => ({ ...f, form: head + f.form }));
  }
  return wordForms(whole, inflection, anyHarmony);
}

/** The case forms of one word, lower case; none for anything else. */
function wordForms(word: string, inflection: Inflection, anyHarmony: boolean): CaseForm[] {
  if (!/^\p{L}+$/u.test(word)) return [];
  const rule = inflection.stems
    .filter((r) => word.endsWith(r.ending))
    .reduce((best, r) => (best === undefined || r.ending.length > best.ending.length ? r : best), undefined as Inflection['stems'][number] | undefined);
  if (rule === undefined) return [];
  const base = word.slice(0, word.length - rule.ending.length);
  const back = rule.harmony === undefined ? Array.from(word).some((c) => inflection.backVowels.includes(c)) : rule.harmony === 'back';
  const backA = inflection.backVowels[0] ?? 'a';
  const frontA = inflection.frontVowels[0] ?? 'ä';
  const harmonies = anyHarmony ? [back ? backA : frontA, back ? frontA : backA] : [back ? backA : frontA];
  const forms: CaseForm[] = [];
  for (const harmony of harmonies) {
    for (const [name, info] of Object.entries(inflection.cases)) {
      const stem = base + (info.grade === 'strong' ? rule.strong : rule.weak);
      const last = Array.from(stem).reverse().find((c) => VOWELS.includes(c)) ?? harmony;
      for (const ending of rule.cases?.[name] ?? info.endings) {
        const form = stem + ending.replace(/A/gu, harmony).replace(/V/gu, last);
        if (!forms.some((f) => f.form === form && f.case === name)) forms.push({ form, case: name, role: info.role });
      }
    }
  }
  return forms;
}

/** A name in one case, for printing; the nominative when the tables give no such form. */
export function inflectName(nominative: string, caseName: string, inflection: Inflection): string {
  const found = caseForms(nominative, inflection).find((f) => f.case === caseName);
  if (found === undefined) return nominative;
  // Keep the name's capitals (`Pohjois-Afrikkaan`): the forms are lower case, and only the last word changes.
  const name = nominative.normalize('NFC');
  const parts = LAST_PART.exec(name);
  const head = parts?.[1] ?? '';
  const last = parts?.[2] ?? name;
  const ending = found.form.slice(head.length);
  const first = last.charAt(0);
  return head + (first === first.toUpperCase() ? ending.charAt(0).toUpperCase() + ending.slice(1) : ending);
}
