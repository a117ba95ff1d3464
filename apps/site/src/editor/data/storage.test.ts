// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { storageKey } from '../model/serialise';
import { buildTemplate } from '../model/templates';
import { lastTemplate, loadDesign, saveDesign } from './storage';

const design = buildTemplate('story', { eventName: 'Porto Trail', themeColour: '#2E6F40' });

afterEach(() => localStorage.clear());

describe('autosave', () => {
  test('saves and loads per event and template, and remembers the template', () => {
    expect(saveDesign(3, design)).toBe('saved');
    expect(loadDesign(3, 'story')).toEqual(design);
    expect(loadDesign(4, 'story')).toBeUndefined();
    expect(loadDesign(3, 'post-square')).toBeUndefined();
    expect(lastTemplate(3)).toBe('story');
  });

  test('a corrupt entry is discarded and removed', () => {
    localStorage.setItem(storageKey(3, 'story'), '{"savedAt":"x","design":{"elements":"oops"}}');
    expect(loadDesign(3, 'story')).toBeUndefined();
    expect(localStorage.getItem(storageKey(3, 'story'))).toBeNull();
  });

  test('a full storage is reported, not thrown', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(saveDesign(3, design)).toBe('full');
  });

  test('a storage that throws on access (blocked) is "unavailable"', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(saveDesign(3, design)).toBe('unavailable');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(loadDesign(3, 'story')).toBeUndefined();
    expect(lastTemplate(3)).toBeUndefined();
  });
});
