/** Solo victory. */
export { centreCounts, soloWinners, victoryThreshold, winner } from './winner.js';
