import { describe, expect, it } from 'vitest';
import { parseRaceTime } from './race-time.js';

describe('parseRaceTime', () => {
  it.each([
    ['1:02:03', 3723],
    ['02:03', 123],
    ['1:02:03.4', 3723.4],
    ['1:02:03,45', 3723.45],
    ['12:00:00', 43200],
  ])('%s is %d s', (input, seconds) => {
    expect(parseRaceTime(input)).toEqual({ kind: 'time', seconds });
  });

  it('reads statuses, empties and rejects nonsense', () => {
    expect(parseRaceTime('DNF')).toEqual({ kind: 'status', status: 'dnf' });
    expect(parseRaceTime('d.n.s.')).toEqual({ kind: 'status', status: 'dns' });
    expect(parseRaceTime('DSQ')).toEqual({ kind: 'status', status: 'dq' });
    expect(parseRaceTime(' ')).toEqual({ kind: 'empty' });
    for (const bad of ['1:60:00', '1:02:60', 'soon', '1h02', '12', '-1:00'])
      expect(parseRaceTime(bad)).toEqual({ kind: 'invalid' });
  });
});
