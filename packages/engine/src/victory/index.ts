/** Solo victory; the result of a game (wins, alliances, ties, draws, concessions, the end). */
export { centreColumn, centreCounts, soloWinners, victoryThreshold, winner } from './winner.js';
export {
  allianceThreshold,
  alliancesInForce,
  gameOutcome,
  settledYear,
  survivors,
  yearPlayed,
  type Agreement,
  type Contender,
  type Declarations,
  type GameOutcome,
  type OutcomeKind,
  type VictoryCondition,
} from './outcome.js';
