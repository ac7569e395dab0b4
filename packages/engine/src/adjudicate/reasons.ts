/**
 * The one-word reasons the adjudicator gives in `OrderResult.reason`, with the
 * sentence it puts in `detail` by default. Programs match the word; people read
 * the sentence.
 */
export const REASONS = {
  // ---- illegal orders (the unit holds; DATC 4.E.1)
  'no-unit': 'there is no such unit',
  'unknown-location': 'the order names a place that is not on the map',
  'wrong-power': 'the unit belongs to another power',
  'wrong-phase': 'this kind of order cannot be given in this phase',
  'wrong-unit-kind': 'a unit of this kind cannot do that',
  'wrong-unit-type': 'the order gives the wrong unit type (A/F)',
  'missing-unit-type': 'the order does not give the unit type (A/F)',
  'wrong-coast': "the order gives the wrong coast for the unit's position",
  'unknown-coast': 'the order names a coast that does not exist or does not matter',
  'missing-coast': 'the move must name a coast',
  'impossible-coast': 'the named coast cannot be reached',
  'not-adjacent': 'the destination cannot be reached',
  'same-province': 'a unit cannot move or support into its own province',
  'no-convoy-route': 'no fleets could carry this army there',
  'not-on-route': 'this fleet is not needed on any convoy route for that move',
  'support-self': 'a unit cannot support itself',
  'missing-nationality': 'the order does not name the power of the foreign unit',
  'wrong-nationality': 'the order names the wrong power for the unit',
  'duplicate-order': 'the unit was given more than one order',
  'superseded': 'another order for the unit was written correctly',
  'not-dislodged': 'only a dislodged unit may retreat',
  'occupied': 'the province is occupied',
  'attacker-origin': 'a unit may not retreat to where its attacker came from',
  'standoff': 'a unit may not retreat to a province left empty by a standoff',
  'no-builds': 'the power may not build',
  'not-home-centre': 'builds are only allowed on own home supply centres',
  'not-owned': 'the power does not own that supply centre',
  'not-supply-centre': 'the province is not a supply centre',
  'build-site-taken': 'a unit is already built there this phase',
  'too-many-builds': 'the power has no builds left',
  'too-many-disbands': 'the power has no removals left',
  'no-disbands': 'the power does not have to remove units',
  'waive-not-allowed': 'builds may not be waived',
  'inland-fleet': 'a fleet cannot be built inland',
  'no-retreat-lists': 'retreat lists are not used under these rules: retreats are ordered in the retreat phase',
  'no-adjustment-lists': 'build and disband lists are not used under these rules: adjustments are ordered in the adjustment phase',
  'not-adjustment-time': 'builds and disbands are written with the last movement orders of the year (the fall)',
  // ---- valid orders that fail
  bounced: 'the move was stopped by an equal or stronger force',
  'no-convoy': 'the convoy route was not there or was disrupted',
  paradox: 'part of a convoy paradox, resolved by the paradox rule',
  cut: 'the support was cut',
  dislodged: 'the unit was dislodged',
  unmatched: 'the supported or convoyed unit was not ordered that way',
  'not-used': 'the army did not take the convoy route',
  'civil-disorder': 'a power that sent no orders cannot receive this support',
  'retreat-clash': 'another unit retreated to the same province',
  'list-unused': 'no entry of the list was carried out',
} as const;

export type Reason = keyof typeof REASONS;

export function reasonText(reason: Reason): string {
  return REASONS[reason];
}
