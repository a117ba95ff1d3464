import { describe, expect, it } from 'vitest';
import { splitsInOrder, splitsObject } from './splits.js';

describe('stored splits', () => {
  it('reads the ordered array as stored, in race order', () => {
    const stored = [
      ['Swim', '0:30:00'],
      ['T1', '0:32:10'],
      ['Bike', '1:40:00'],
    ];
    expect(splitsInOrder(stored)).toEqual(stored);
    expect(Object.keys(splitsObject(stored))).toEqual(['Swim', 'T1', 'Bike']);
  });
  it("reads an older result's object, and nothing of a malformed value", () => {
    expect(splitsObject({ '10K': '0:22:00' })).toEqual({ '10K': '0:22:00' });
    expect(splitsInOrder([['5K', 12], 'x', ['10K', '0:44:00']])).toEqual([['10K', '0:44:00']]);
    expect(splitsInOrder(null)).toEqual([]);
    expect(splitsInOrder('x')).toEqual([]);
  });
});
