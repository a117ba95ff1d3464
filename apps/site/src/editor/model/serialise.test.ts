import { describe, expect, test } from 'vitest';
import { deserialise, serialise, storageKey } from './serialise';
import { buildTemplate } from './templates';

const d = buildTemplate('story', { eventName: 'Porto Trail', eventDate: '2026-05-02', city: 'Porto', themeColour: '#2E6F40', photoUrl: 'https://x.test/p.jpg' });

describe('saved designs', () => {
  test('round-trip', () => {
    expect(deserialise(serialise(d), 'story')).toEqual(d);
  });

  test('key per event and template', () => {
    expect(storageKey(7, 'story')).not.toBe(storageKey(7, 'post-square'));
    expect(storageKey(7, 'story')).not.toBe(storageKey(8, 'story'));
  });

  test.each([
    ['nothing', null],
    ['empty', ''],
    ['not JSON', '{"savedAt":'],
    ['JSON but not a design', '{"a":1}'],
    ['another version', JSON.stringify({ savedAt: 'x', design: { ...d, version: 2 } })],
    ['an unknown element type', JSON.stringify({ savedAt: 'x', design: { ...d, elements: [{ ...d.elements[0], type: 'video' }] } })],
    ['a javascript: image', JSON.stringify({ savedAt: 'x', design: { ...d, background: { kind: 'image', src: 'javascript:alert(1)', source: 'photo', fallback: '#000' } } })],
    ['a NaN position', JSON.stringify({ savedAt: 'x', design: { ...d, elements: [{ ...d.elements[0], x: 'NaN' }] } })],
    ['a huge canvas', JSON.stringify({ savedAt: 'x', design: { ...d, width: 100000 } })],
    ['duplicate ids', JSON.stringify({ savedAt: 'x', design: { ...d, elements: [d.elements[0], d.elements[0]] } })],
  ])('rejects %s', (_label, raw) => {
    expect(deserialise(raw as string | null, 'story')).toBeUndefined();
  });

  test('rejects a design of another template for this slot', () => {
    expect(deserialise(serialise(d), 'post-square')).toBeUndefined();
  });
});
