// DATC 6.C: circular movement (the backup rule: a ring of moves with zero or
// two resolutions all succeed; with one resolution, that one).
import { describe, it } from 'vitest';
import { check } from './helpers/classic.js';

describe('DATC 6.C circular movement', () => {
  it('6.C.1 three army circular movement', () => {
    check({
      units: { turkey: ['F ank', 'A con', 'A smy'] },
      orders: { turkey: ['F ank - con [succeeds]', 'A con - smy [succeeds]', 'A smy - ank [succeeds]'] },
      expectUnits: { turkey: ['F con', 'A smy', 'A ank'] },
    });
  });

  it('6.C.2 three army circular movement with support', () => {
    check({
      units: { turkey: ['F ank', 'A con', 'A smy', 'A bul'] },
      orders: {
        turkey: ['F ank - con [succeeds]', 'A con - smy [succeeds]', 'A smy - ank [succeeds]', 'A bul S F ank - con [succeeds]'],
      },
      expectUnits: { turkey: ['F con', 'A smy', 'A ank', 'A bul'] },
    });
  });

  it('6.C.3 a disrupted three army circular movement', () => {
    check({
      units: { turkey: ['F ank', 'A con', 'A smy', 'A bul'] },
      orders: { turkey: ['F ank - con [fails]', 'A con - smy [fails]', 'A smy - ank [fails]', 'A bul - con [fails]'] },
      expectUnits: { turkey: ['F ank', 'A con', 'A smy', 'A bul'] },
    });
  });

  it('6.C.4 a circular movement with an attacked convoy', () => {
    check({
      units: { austria: ['A tri', 'A ser'], turkey: ['A bul', 'F aeg', 'F ion', 'F adr'], italy: ['F nap'] },
      orders: {
        austria: ['A tri - ser [succeeds]', 'A ser - bul [succeeds]'],
        turkey: ['A bul - tri [succeeds]', 'F aeg C A bul - tri [succeeds]', 'F ion C A bul - tri [succeeds]', 'F adr C A bul - tri [succeeds]'],
        italy: ['F nap - ion [fails]'],
      },
      expectUnits: { austria: ['A ser', 'A bul'], turkey: ['A tri', 'F aeg', 'F ion', 'F adr'] },
    });
  });

  it('6.C.5 a disrupted circular movement due to a dislodged convoy', () => {
    check({
      units: { austria: ['A tri', 'A ser'], turkey: ['A bul', 'F aeg', 'F ion', 'F adr'], italy: ['F nap', 'F tun'] },
      orders: {
        austria: ['A tri - ser [fails]', 'A ser - bul [fails]'],
        turkey: ['A bul - tri [fails]', 'F aeg C A bul - tri', 'F ion C A bul - tri [fails]', 'F adr C A bul - tri'],
        italy: ['F nap - ion [succeeds]', 'F tun S F nap - ion [succeeds]'],
      },
      expectDislodged: ['F ion'],
      expectUnits: { austria: ['A tri', 'A ser'], italy: ['F ion', 'F tun'] },
    });
  });

  it('6.C.6 two armies with two convoys swap', () => {
    check({
      units: { england: ['F nth', 'A lon'], france: ['F eng', 'A bel'] },
      orders: { england: ['F nth C A lon - bel [succeeds]', 'A lon - bel [succeeds]'], france: ['F eng C A bel - lon [succeeds]', 'A bel - lon [succeeds]'] },
      expectUnits: { england: ['F nth', 'A bel'], france: ['F eng', 'A lon'] },
    });
  });

  it('6.C.7 disrupted unit swap', () => {
    check({
      units: { england: ['F nth', 'A lon'], france: ['F eng', 'A bel', 'A bur'] },
      orders: {
        england: ['F nth C A lon - bel', 'A lon - bel [fails]'],
        france: ['F eng C A bel - lon', 'A bel - lon [fails]', 'A bur - bel [fails]'],
      },
      expectUnits: { england: ['F nth', 'A lon'], france: ['F eng', 'A bel', 'A bur'] },
    });
  });

  it('6.C.8 no self dislodgement in disrupted circular movement', () => {
    check({
      units: { turkey: ['F con', 'A bul', 'A smy'], russia: ['F bla'], austria: ['A ser'] },
      orders: {
        turkey: ['F con - bla [fails]', 'A bul - con [fails]', 'A smy S A bul - con'],
        russia: ['F bla - bul/ec [fails]'],
        austria: ['A ser - bul [fails]'],
      },
      expectDislodged: [],
    });
  });

  it('6.C.9 no help in dislodgement of own unit in disrupted circular movement', () => {
    check({
      units: { turkey: ['F con', 'A smy'], russia: ['F bla'], austria: ['A ser', 'A bul'] },
      orders: {
        turkey: ['F con - bla [fails]', 'A smy S A bul - con'],
        russia: ['F bla - bul/ec [fails]'],
        austria: ['A ser - bul [fails]', 'A bul - con [fails]'],
      },
      expectDislodged: [],
    });
  });
});
