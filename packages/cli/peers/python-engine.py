"""Times the Python engine (the `diplomacy` package) on movement phases for
`dipforge bench --serve --python-engine`.

Reads one JSON line per phase on stdin, already in that engine's notation
(dipforge's packages/cli/src/python-notation.ts writes it):
  {"phase": "S1901M", "units": {"FRANCE": ["A PAR", ...]}, "centers": {...}, "orders": {...}}
and answers one JSON line per phase:
  {"us": <process() alone, microseconds>, "results": {"A PAR": ["bounce"], ...}}
or {"error": "..."} when the engine raised on that phase.
The first line it writes says whether the engine was found:
  {"ready": true, "version": "..."} or {"unavailable": "module diplomacy not found by <python>"}.
Standard output carries only these lines: whatever the engine prints goes to standard error.
Only the standard library and the engine are used.
"""
import json
import sys
import time


def play(Game, phase):  # pylint: disable=invalid-name
    """ Sets one position on a fresh game, adjudicates it, and answers the time of process() and the results. """
    # A fresh game each phase (the engine caches the map), so one phase's end cannot weigh on the next.
    game = Game()
    game.clear_units()
    game.clear_centers()
    for power, units in phase['units'].items():
        game.set_units(power, units, reset=True)
    for power, centers in phase['centers'].items():
        game.set_centers(power, centers, reset=True)
    game.set_current_phase(phase['phase'])
    for power, orders in phase['orders'].items():
        game.set_orders(power, orders)
    start = time.perf_counter_ns()
    game.process()
    elapsed = time.perf_counter_ns() - start
    played = game.result_history.last_value()
    results = {unit: [getattr(r, 'message', None) or str(r) for r in rs] for unit, rs in played.items()}
    return {'us': elapsed / 1000, 'results': results}


def main():
    # The engine prints to standard output (the first load of a map whose convoy paths are not cached
    # prints its progress there), and a line of it would be read as the answer: the protocol keeps the
    # real standard output, and print() goes to standard error.
    protocol = sys.stdout
    sys.stdout = sys.stderr

    def answer(message):
        protocol.write(json.dumps(message) + '\n')
        protocol.flush()

    try:
        from diplomacy import Game  # pylint: disable=import-outside-toplevel
    except ImportError as error:
        reason = 'module diplomacy not found by %s' % (sys.argv[1] if len(sys.argv) > 1 else sys.executable)
        answer({'unavailable': reason, 'error': str(error)})
        return 0
    import diplomacy  # pylint: disable=import-outside-toplevel
    answer({'ready': True, 'version': getattr(diplomacy, '__version__', 'unknown')})
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            answer(play(Game, json.loads(line)))
        except Exception as error:  # pylint: disable=broad-except
            # One phase the engine refuses is counted by the bench, not the end of the run.
            answer({'error': '%s: %s' % (type(error).__name__, error)})
    return 0


if __name__ == '__main__':
    sys.exit(main())
