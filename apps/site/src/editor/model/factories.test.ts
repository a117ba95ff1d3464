import { describe, expect, test } from 'vitest';
import { newFrame, newImage, newShape, newSticker, newText } from './factories';
import { element } from './schema';
import { buildTemplate } from './templates';

describe('new elements', () => {
  const story = buildTemplate('story', { eventName: 'X' });
  const cert = buildTemplate('certificate-landscape', { eventName: 'X' });

  test('are valid and centred in the safe area', () => {
    for (const el of [newText(story, 'heading', '#FFFFFF'), newShape(story, 'circle', '#FF0000'), newSticker(story, 'medal', '#FF0000', 'Medal'), newImage(story, 'https://x.test/p.jpg', { width: 1600, height: 1067 })]) {
      expect(element.parse(el)).toEqual(el);
      expect(el.x + el.width / 2).toBeCloseTo(540);
      expect(el.y + el.height / 2).toBeCloseTo(250 + 1420 / 2);
    }
  });

  test('scale with the canvas: a heading on a 300 dpi certificate is bigger than on a post', () => {
    expect(newText(cert, 'heading', '#000000').fontSize).toBeGreaterThan(newText(story, 'heading', '#000000').fontSize * 2);
  });

  test('a photo keeps its aspect ratio', () => {
    const img = newImage(story, 'https://x.test/p.jpg', { width: 1600, height: 800 });
    expect(img.width / img.height).toBeCloseTo(2);
  });

  test('a sponsor frame covers the whole canvas, over the design', () => {
    const frame = newFrame(story, 'https://api.test/assets/frames/42/0123456789abcdef.png', 'Harbour Bank');
    expect(element.parse(frame)).toEqual(frame);
    expect(frame).toMatchObject({ x: 0, y: 0, width: story.width, height: story.height, fit: 'cover', role: 'frame', name: 'Frame: Harbour Bank' });
  });
});
