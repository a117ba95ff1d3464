/** Race times as timing companies print them. */

export type FinishStatus = 'finished' | 'dnf' | 'dns' | 'dq';

export type ParsedTime =
  | { kind: 'time'; seconds: number }
  | { kind: 'status'; status: Exclude<FinishStatus, 'finished'> }
  | { kind: 'empty' }
  | { kind: 'invalid' };

const STATUSES: Readonly<Record<string, Exclude<FinishStatus, 'finished'>>> = {
  dnf: 'dnf',
  dns: 'dns',
  dq: 'dq',
  dsq: 'dq',
  disq: 'dq',
};

/**
 * `h:mm:ss`, `mm:ss`, either with a fraction (`1:02:03.4`, `1:02:03,4`), or DNF / DNS / DQ.
 * Two parts are minutes and seconds, as every results list prints them.
 */
export function parseRaceTime(input: string): ParsedTime {
  const value = input.trim();
  if (value === '' || value === '-' || value === '--') return { kind: 'empty' };
  const status = STATUSES[value.toLowerCase().replace(/\./g, '')];
  if (status) return { kind: 'status', status };
  const match = /^(?:(\d{1,3}):)?(\d{1,2}):(\d{2})(?:[.,](\d{1,3}))?$/.exec(value);
  if (!match) return { kind: 'invalid' };
  const hours = match[1] === undefined ? 0 : Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = Number(match[3]);
  if (seconds >= 60 || (match[1] !== undefined && minutes >= 60)) return { kind: 'invalid' };
  const fraction = match[4] === undefined ? 0 : Number(`0.${match[4]}`);
  return {
    kind: 'time',
    seconds: Math.round((hours * 3600 + minutes * 60 + seconds + fraction) * 1000) / 1000,
  };
}

/** A value that is clearly meant as a time (for spotting split columns). */
export function looksLikeTime(input: string): boolean {
  const parsed = parseRaceTime(input);
  return parsed.kind === 'time' || parsed.kind === 'status';
}

/** Seconds to `h:mm:ss`, with tenths, hundredths or thousandths when the file had them. */
export function formatSeconds(total: number): string {
  const whole = Math.floor(total);
  const fraction = Math.round((total - whole) * 1000);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const base = `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  if (fraction === 0) return base;
  return `${base}.${String(fraction).padStart(3, '0').replace(/0+$/, '')}`;
}
