import { describe, expect, it } from 'vitest';
import { consoleEventId, statsSpan } from './screen-params';

describe('console screen parameters', () => {
  it('takes only a positive whole event id that fits the database', () => {
    expect(consoleEventId('42')).toBe(42);
    for (const bad of ['0', '-1', '042', '1e3', '4.2', 'abc', '', '99999999999', '2147483648'])
      expect(consoleEventId(bad), bad).toBeNull();
  });

  it('passes on a span of one plain value each, and nothing else', () => {
    expect(statsSpan({ from: '2026-04-01', to: '2026-04-30' })).toEqual({
      from: '2026-04-01',
      to: '2026-04-30',
    });
    expect(statsSpan({ from: ['a', 'b'], to: '' })).toEqual({});
    expect(statsSpan({ from: 'x'.repeat(5000) })).toEqual({});
  });
});
