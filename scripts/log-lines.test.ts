import { describe, expect, it } from 'vitest';
import { readableLogLine } from './log-lines.mjs';

describe('the API log lines npm start shows', () => {
  it('turns a JSON log line into a sentence with its level, cause and request', () => {
    const line = JSON.stringify({
      level: 50,
      time: 1,
      msg: 'The bibs job failed',
      err: { message: 'The original is unreadable' },
      req: { method: 'POST', url: '/api/v1/admin/photos' },
    });
    expect(readableLogLine(line)).toBe(
      'API error: The bibs job failed: The original is unreadable (POST /api/v1/admin/photos)',
    );
    expect(readableLogLine(JSON.stringify({ level: 40, msg: 'Slow database' }))).toBe(
      'API warning: Slow database',
    );
  });

  it('passes other lines through as they are', () => {
    expect(readableLogLine('Listening on 127.0.0.1:4000')).toBe('Listening on 127.0.0.1:4000');
    expect(readableLogLine('42')).toBe('42');
    expect(readableLogLine('{"broken')).toBe('{"broken');
  });
});
