/** Scoring of a game's result (rule `scoring`). */
export { scores, type Scores, type ScoringSystem } from './scores.js';
