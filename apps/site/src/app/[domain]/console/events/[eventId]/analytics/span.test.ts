import { describe, expect, it } from 'vitest';
import { statsSpan } from './span';

describe('the analytics span', () => {
  it('passes on a span of one plain value each, and nothing else', () => {
    expect(statsSpan({ from: '2026-04-01', to: '2026-04-30' })).toEqual({
      from: '2026-04-01',
      to: '2026-04-30',
    });
    expect(statsSpan({ from: ['a', 'b'], to: '' })).toEqual({});
    expect(statsSpan({ from: 'x'.repeat(5000) })).toEqual({});
  });
});
