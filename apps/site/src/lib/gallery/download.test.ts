import { describe, expect, it } from 'vitest';
import { attachmentName, contentLength, downloadErrorMessage, formatBytes, likelyLarge, percent, progressText } from './download';

describe('download progress', () => {
  it('is received / Content-Length, floored, capped at 100, unknown without a length', () => {
    expect(percent({ received: 0, total: 1000 })).toBe(0);
    expect(percent({ received: 999, total: 1000 })).toBe(99);
    expect(percent({ received: 1000, total: 1000 })).toBe(100);
    expect(percent({ received: 2000, total: 1000 })).toBe(100);
    expect(percent({ received: 10, total: null })).toBeNull();
    expect(percent({ received: 10, total: 0 })).toBeNull();
  });

  it('shows MB and %', () => {
    expect(progressText({ received: 12.4 * 1024 * 1024, total: 80 * 1024 * 1024 })).toBe('12 MB of 80 MB · 15%');
    expect(progressText({ received: 5 * 1024 * 1024, total: 10 * 1024 * 1024 })).toBe('5.0 MB of 10 MB · 50%');
    expect(progressText({ received: 300 * 1024, total: null })).toBe('300 KB downloaded');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.00 GB');
  });

  it('reads Content-Length and the attachment’s file name safely', () => {
    expect(contentLength('1048576')).toBe(1048576);
    for (const bad of [null, '', '-1', '1e6', 'abc']) expect(contentLength(bad)).toBeNull();
    expect(attachmentName('attachment; filename="city-run-2026.zip"', 'x.zip')).toBe('city-run-2026.zip');
    expect(attachmentName("attachment; filename*=UTF-8''Stadtlauf%20M%C3%BCnchen.zip", 'x.zip')).toBe('Stadtlauf München.zip');
    expect(attachmentName('attachment; filename="../../etc/passwd"', 'x.zip')).toBe('.._.._etc_passwd');
    expect(attachmentName(null, 'photos.zip')).toBe('photos.zip');
  });

  it('guesses when a zip is big enough to stream to disk', () => {
    expect(likelyLarge(10)).toBe(false);
    expect(likelyLarge(200)).toBe(true);
  });
});

describe('download errors', () => {
  it('prefers the envelope’s message, else words of its own per status', () => {
    expect(downloadErrorMessage(400, 'A zip holds at most 5000 photos')).toBe('A zip holds at most 5000 photos');
    expect(downloadErrorMessage(403, null)).toBe('Downloads are not available for this gallery.');
    expect(downloadErrorMessage(400, '  ')).toMatch(/Select fewer photos/);
    expect(downloadErrorMessage(503, null)).toMatch(/could not prepare/);
    expect(downloadErrorMessage(null, null)).toMatch(/Check your connection/);
  });
});
