/**
 * The names a game file writes (powers, places), resolved against its variant's name index as the
 * game runner reads them: each name found is kept by its text (a file writes the same few hundred
 * names thousands of times, in its orders and expectations), and each name not found is reported
 * where it is written, with what it may have meant.
 */
import { didYouMeanOf, NEUTRAL_POWER, orList, quoted } from '@dipforge/engine/config';
import type { NameIndex } from '@dipforge/engine';
import type { CodeName } from '../diagnostics/codes.js';
import type { Range } from '../text/range.js';
import type * as G from './ast.js';
import type { ExpectationNames } from './expectations.js';

export type Report = (name: CodeName, range: Range, message: string, suggestions?: readonly string[]) => void;

/**
 * The powers found, by text, kept per name index for every run on it (a finding depends on the
 * index and the text alone). A file names its few powers in its first phases; kept per run, each
 * run took the finding path again for them, and in a second run that path, first taken by the
 * first run before V8 kept type feedback for it, threw away the optimized code of the reading of
 * orders it is compiled into.
 */
const powersFound = new WeakMap<NameIndex, Map<string, string>>();

function powersFoundOn(index: NameIndex): Map<string, string> {
  let found = powersFound.get(index);
  if (!found) powersFound.set(index, (found = new Map()));
  return found;
}

export class GameNames implements ExpectationNames {
  private readonly powerByText: Map<string, string>;
  /** The power words not found, each reported once however often it is read. */
  private readonly unknownPowers = new Set<G.Word>();
  private readonly locationByText = new Map<string, string>();
  private readonly provinceByText = new Map<string, string>();

  /** `variant`: the variant's name in messages; `neutral`: whether it has neutral units. */
  constructor(
    private readonly index: NameIndex,
    private readonly variant: string,
    private readonly neutral: boolean,
    private readonly report: Report,
  ) {
    this.powerByText = powersFoundOn(index);
  }

  power(w: G.Word): string | undefined {
    const known = this.powerByText.get(w.text);
    if (known !== undefined) return known;
    if (this.unknownPowers.has(w)) return undefined;
    const id = this.index.power(w.text);
    if (id) {
      this.powerByText.set(w.text, id);
      return id;
    }
    const near = this.index.suggestPower(w.text).map((s) => s.id);
    this.report('unknownPower', w.range, `No power ${quoted(w.text)} in ${this.variant}${didYouMeanOf(near)}`, near);
    this.unknownPowers.add(w);
    return undefined;
  }

  /** The power of a units line: a power, or `neutral` for the neutral units of a variant that has them. */
  unitsPower(w: G.Word): string | undefined {
    if (this.neutral && w.text.toLowerCase() === NEUTRAL_POWER && !this.index.power(w.text)) return NEUTRAL_POWER;
    return this.power(w);
  }

  location(t: G.Text): string | undefined {
    const known = this.locationByText.get(t.text);
    if (known !== undefined) return known;
    const loc = this.index.location(t.text);
    if (loc) {
      this.locationByText.set(t.text, loc);
      return loc;
    }
    // `spa/xc`, `spa(xc)`, `spa xc`: a province with a coast it does not have.
    const m = /^(.*?)\s*(?:\/\s*|\(\s*|\s+)([^/()\s]+)\s*\)?$/u.exec(t.text.trim());
    const province = m ? this.index.province(m[1] as string) : undefined;
    if (province) {
      const name = this.index.provinceName(province) ?? province;
      if (this.index.hasCoasts(province)) this.report('unknownCoast', t.range, `${name} has no coast ${quoted(m?.[2] ?? '')}`);
      else this.report('coastOnProvinceWithoutCoasts', t.range, `${name} has no named coasts: write ${province}`);
      return undefined;
    }
    const near = this.index.suggest(t.text);
    const hint = near.length === 0 ? '' : `; did you mean ${orList(near.map((s) => `${quoted(s.id)} (${s.name})`))}?`;
    this.report('unknownProvince', t.range, `No province ${quoted(t.text)} in ${this.variant}${hint}`, near.map((s) => s.id));
    return undefined;
  }

  province(t: G.Text): string | undefined {
    const known = this.provinceByText.get(t.text);
    if (known !== undefined) return known;
    const id = this.index.province(t.text);
    if (id) {
      this.provinceByText.set(t.text, id);
      return id;
    }
    const loc = this.location(t);
    return loc ? provinceOf(loc) : undefined;
  }
}

/** The province of a location (`spa/nc` → `spa`). */
export function provinceOf(loc: string): string {
  const slash = loc.indexOf('/');
  return slash < 0 ? loc : loc.slice(0, slash);
}
