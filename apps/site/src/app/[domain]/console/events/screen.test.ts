import { describe, expect, it } from 'vitest';
import { eventIdOf } from './screen';

describe('the event id of a console URL', () => {
  it('is a positive whole number that fits the database, and nothing else', () => {
    expect(eventIdOf('42')).toBe(42);
    expect(eventIdOf('2147483647')).toBe(2_147_483_647);
    for (const bad of [
      '0',
      '-1',
      '042',
      '1e3',
      '4.2',
      'abc',
      '',
      '99999999999',
      '2147483648',
      '%2F',
    ])
      expect(eventIdOf(bad), bad).toBeNull();
  });
});
