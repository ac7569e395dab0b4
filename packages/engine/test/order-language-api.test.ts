// The localized order API (docs/ORDER-LANGUAGES.md) as a whole: every order printed in
// each language reads back to itself, every province name reads in every language, and
// the reader answers every text without throwing.
import { describe, expect, it } from 'vitest';
import { formatOrder } from '../src/orders/format.js';
import type { Order } from '../src/orders/order.js';
import {
  formatLocalizedOrder,
  LOCALIZED_DIAGNOSTIC_CODES,
  orderLanguages,
  orderVocabulary,
  readLocalizedOrders,
} from '../src/orders/localized/index.js';
import { board, canonical } from './helpers/localized.js';

const LANGUAGES = ['zh', 'ja', 'fi'];

const ORDERS: Order[] = [
  { power: 'russia', type: 'hold', unit: { kind: 'army', at: 'war' } },
  { power: 'russia', type: 'hold', unit: { kind: 'fleet', at: 'stp/sc' }, retreat: { to: ['bot', 'fin'], otherwise: 'disband' } },
  { power: 'russia', type: 'hold', unit: { kind: 'army', at: 'mos' }, retreat: { to: [], otherwise: 'disband' } },
  { power: 'france', type: 'move', unit: { kind: 'fleet', at: 'mao' }, to: 'spa/nc', viaConvoy: false },
  { power: 'france', type: 'move', unit: { kind: 'army', at: 'par' }, to: 'bur', viaConvoy: false, retreat: { to: ['gas', 'pic'], otherwise: 'default' } },
  { power: 'england', type: 'move', unit: { kind: 'army', at: 'lon' }, to: 'nwy', viaConvoy: true },
  { power: 'england', type: 'move', unit: { kind: 'army', at: 'lon' }, to: 'nwy', viaConvoy: true, path: ['nth'] },
  { power: 'france', type: 'move', unit: { kind: 'army', at: 'bre' }, to: 'tun', viaConvoy: true, path: ['mao', 'wes'] },
  { power: 'germany', type: 'support', unit: { kind: 'army', at: 'ruh' }, supported: { kind: 'army', at: 'mun' }, to: 'bur' },
  { power: 'germany', type: 'support', unit: { kind: 'fleet', at: 'den' }, supported: { kind: 'fleet', at: 'swe' } },
  { power: 'england', type: 'support', unit: { kind: 'fleet', at: 'nth' }, supported: { kind: 'army', at: 'kie', power: 'germany' }, to: 'hol' },
  { power: 'england', type: 'convoy', unit: { kind: 'fleet', at: 'nth' }, army: { kind: 'army', at: 'yor' }, to: 'nwy' },
  { power: 'turkey', type: 'retreat', unit: { kind: 'fleet', at: 'tun' }, to: 'ion' },
  { power: 'turkey', type: 'disband', unit: { kind: 'army', at: 'con' } },
  { power: 'russia', type: 'build', kind: 'fleet', at: 'stp/nc' },
  { power: 'england', type: 'build', kind: 'army', at: 'lon' },
  { power: 'italy', type: 'waive' },
  { power: 'italy', type: 'build-list', builds: [{ kind: 'fleet', at: 'ven' }, { kind: 'army', at: 'rom' }, { kind: 'fleet', at: 'nap' }] },
  { power: 'germany', type: 'disband-list', units: [{ kind: 'army', at: 'sil' }, { kind: 'army', at: 'ber' }, { kind: 'fleet', at: 'den' }] },
];

describe('printing and reading back', () => {
  for (const language of LANGUAGES) {
    it.each(ORDERS.map((o) => [formatOrder(o, { power: true }), o] as const))(`${language}: %s`, (_text, order) => {
      const printed = formatLocalizedOrder(board, language, order, { power: true });
      const read = readLocalizedOrders(board, language, printed);
      expect(canonical(read), printed).toBe(formatOrder(order, { power: true }));
      expect(read.ok && read.warnings, printed).toBeUndefined();
    });
  }

  it('prints the canonical notation in a language without a vocabulary', () => {
    const order = ORDERS[3] as Order;
    expect(formatLocalizedOrder(board, 'xx', order)).toBe(formatOrder(order));
  });
});

describe('every province and power, in every language', () => {
  const provinces = board.config.provinces;
  for (const language of LANGUAGES) {
    it(`${language}: a unit in each of the ${provinces.length} provinces and each coast reads back`, () => {
      const wrong: string[] = [];
      for (const p of provinces) {
        const locations = (p.coasts ?? []).length > 0 ? (p.coasts ?? []).map((c) => `${p.id}/${c.id}`) : [p.id];
        for (const at of locations) {
          const kind = p.terrain === 'land' ? 'army' : 'fleet';
          const order: Order = { power: 'france', type: 'hold', unit: { kind, at } };
          const printed = formatLocalizedOrder(board, language, order);
          const result = readLocalizedOrders(board, language, printed, { power: 'france' });
          const read = canonical(result);
          // Printed names are the map's own: read back exactly, with nothing guessed.
          if (read !== formatOrder(order, { power: true }) || (result.ok && result.warnings !== undefined)) wrong.push(`${printed} → ${read}`);
        }
      }
      expect(wrong).toEqual([]);
    });
    it(`${language}: each power's name begins an order`, () => {
      for (const w of board.config.powers) {
        const order: Order = { power: w.id, type: 'hold', unit: { kind: 'army', at: 'mun' } };
        const printed = formatLocalizedOrder(board, language, order, { power: true });
        expect(canonical(readLocalizedOrders(board, language, printed)), printed).toBe(`${w.id}: A mun H`);
      }
    });
  }
});

describe('every name the map gives a province in a language reads in that language', () => {
  const forms: Record<string, (name: string) => string> = {
    zh: (name) => `${name}舰队防守`,
    ja: (name) => `海軍 ${name} 維持`,
    fi: (name) => `Laivasto ${name} pysyy`,
  };
  for (const language of LANGUAGES) {
    it(language, () => {
      const wrong: string[] = [];
      for (const p of board.config.provinces) {
        for (const name of p.names?.[language] ?? []) {
          const text = (forms[language] as (n: string) => string)(name);
          const read = canonical(readLocalizedOrders(board, language, text, { power: 'italy' }));
          if (read !== `italy: F ${p.id} H`) wrong.push(`${text} → ${read}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});

describe('the standard notation, in every language', () => {
  it.each(LANGUAGES)('%s: forms the shared words leave out are read as the English reader reads them', (language) => {
    expect(canonical(readLocalizedOrders(board, language, 'Build an Army in Berlin', { power: 'germany' }))).toBe('germany: Build A ber');
    const guessed = readLocalizedOrders(board, language, 'Army Burgandy move to Paris', { power: 'france' });
    expect(canonical(guessed)).toBe('france: A bur - par');
    expect(guessed.ok && guessed.warnings?.map((w) => [w.code, w.written, w.guess])).toEqual([['guessed-name', 'Burgandy', 'bur']]);
  });
});

describe('the API', () => {
  it('knows three languages; a tag with a script or region finds its language', () => {
    expect(orderLanguages()).toEqual(['fi', 'ja', 'zh']);
    expect(orderVocabulary('zh-Hant')?.language).toBe('zh');
    expect(orderVocabulary('zh-TW')?.language).toBe('zh');
    expect(orderVocabulary('FI')?.language).toBe('fi');
    expect(orderVocabulary('ko')).toBeUndefined();
  });

  it('answers an unknown language, an empty text and odd texts without throwing', () => {
    expect(readLocalizedOrders(board, 'ko', '華沙', { power: 'russia' })).toMatchObject({ ok: false, code: 'unknown-language' });
    expect(readLocalizedOrders(board, 'zh', '   ', { power: 'russia' })).toMatchObject({ ok: false, code: 'empty' });
    const odd = ['(((', '-', '、、、', '：', '🙂🙂', 'x'.repeat(300), '华沙'.repeat(40), ')陆军(', '\u0000', '優先撤退到', 'A', ':::'];
    for (const language of LANGUAGES) {
      for (const text of odd) {
        const result = readLocalizedOrders(board, language, text, { power: 'russia' });
        expect(result.ok, `${language} ${text}`).toBe(false);
        if (!result.ok) {
          expect(result.start).toBeGreaterThanOrEqual(0);
          expect(result.end).toBeLessThanOrEqual(text.length);
          expect(result.code).not.toBe('internal');
        }
      }
    }
  });

  it('maps every result code to a code of its range', () => {
    for (const [key, code] of Object.entries(LOCALIZED_DIAGNOSTIC_CODES)) {
      expect(code, key).toMatch(key === 'guessed-name' ? /^DF804\d$/ : /^DF603\d$/);
    }
  });
});

describe('the vocabularies are data the reader can use', () => {
  for (const language of LANGUAGES) {
    it(`${language}: folding pairs are single characters, every word has a meaning, templates name their slots`, () => {
      const v = orderVocabulary(language);
      if (v === undefined) throw new Error(language);
      expect(Array.from(v.fold ?? '').length % 2).toBe(0);
      for (const [word, meanings] of Object.entries(v.words)) expect(meanings.length, word).toBeGreaterThan(0);
      expect(v.print.move).toContain('{unit}');
      expect(v.print.move).toContain('{to}');
      expect(v.print.convoy).toContain('{army}');
    });
  }
});
