/**
 * The server's settings, from the client's `initializationOptions` and each
 * `workspace/didChangeConfiguration` (docs/LSP.md, "Settings"). Whatever shape
 * a client sends, only a boolean where one is expected changes a setting; the
 * rest is ignored, so no message can put the server in a state it cannot be in.
 */
export interface ServerSettings {
  /** Order results (bounces, cut supports, illegal orders) listed as diagnostics, beside the inlay hints, hover and code lenses that always show them. */
  readonly resultsInProblems: boolean;
}

export const DEFAULT_SETTINGS: ServerSettings = { resultsInProblems: false };

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * The settings `value` gives, the others as they were: `{ dipforge: { results:
 * { inProblems } } }` (VS Code's section), `{ results: { inProblems } }` (the
 * section's content, as initialization options) or the dotted key
 * `dipforge.results.inProblems`.
 */
export function readSettings(value: unknown, previous: ServerSettings = DEFAULT_SETTINGS): ServerSettings {
  const section = field(value, 'dipforge') ?? value;
  const candidates = [field(field(section, 'results'), 'inProblems'), field(section, 'results.inProblems'), field(value, 'dipforge.results.inProblems')];
  const given = candidates.find((c) => typeof c === 'boolean');
  return typeof given === 'boolean' ? { ...previous, resultsInProblems: given } : previous;
}
