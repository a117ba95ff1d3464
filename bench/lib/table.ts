/** Rows of the bench, printed as they fill, written as JSON and markdown at the end. */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH } from './proc.js';

export type Status = 'pass' | 'fail' | 'n/a' | 'report';

export interface Row {
  figure: string;
  /** Shown value, e.g. "5,210 req/s; p99 14 ms", or "not available: reason". */
  value: string;
  baseline: string;
  /** value / baseline (or baseline / value for times), null when there is none. */
  ratio: number | null;
  /** '%' (default): value as a share of the baseline; 'x': a time as a multiple of the baseline's. */
  ratioUnit?: '%' | 'x';
  goal: string;
  status: Status;
  notes: string;
  /** Raw numbers for the JSON file. */
  data?: Record<string, unknown>;
}

export const rows: Row[] = [];

export function fmt(n: number, digits = 0): string {
  if (!Number.isFinite(n)) return String(n);
  return n.toLocaleString('en-US', {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  });
}

export function ratioText(ratio: number | null, unit: '%' | 'x' = '%'): string {
  if (ratio === null || !Number.isFinite(ratio)) return '–';
  if (unit === 'x') return `${fmt(ratio, 2)} x`;
  if (ratio >= 10) return `${fmt(ratio, 1)}x`;
  return `${fmt(ratio * 100, ratio < 0.1 ? 1 : 0)} %`;
}

export function addRow(row: Row): void {
  rows.push(row);
  const mark = { pass: 'PASS', fail: 'FAIL', 'n/a': 'n/a ', report: 'rep ' }[row.status];
  console.log(
    `[${mark}] ${row.figure}: ${row.value}` +
      (row.baseline !== '–'
        ? ` | baseline ${row.baseline} | ratio ${ratioText(row.ratio, row.ratioUnit)}`
        : '') +
      ` | goal ${row.goal}${row.notes ? ` | ${row.notes}` : ''}`,
  );
}

export function notAvailable(figure: string, goal: string, reason: string, notes = ''): void {
  addRow({
    figure,
    value: `not available: ${reason}`,
    baseline: '–',
    ratio: null,
    goal,
    status: 'n/a',
    notes,
  });
}

export function failedRow(figure: string, goal: string, error: unknown): void {
  const message = String((error as Error)?.message ?? error)
    .split('\n')[0]!
    .slice(0, 300);
  addRow({
    figure,
    value: `not available: the measurement failed: ${message}`,
    baseline: '–',
    ratio: null,
    goal,
    status: 'n/a',
    notes: '',
  });
}

const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function markdown(meta: Meta): string {
  const lines = [
    `Bench run: ${meta.mode}, ${meta.started} → ${meta.finished} (${fmt(meta.seconds)} s); ` +
      `${meta.cpus} CPUs (${meta.cpuModel}), load average at start ${meta.loadStart}, at end ${meta.loadEnd}; node ${meta.node}; commit ${meta.commit}.`,
    '',
    '| figure | value | baseline | ratio | goal | result | notes |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${cell(r.figure)} | ${cell(r.value)} | ${cell(r.baseline)} | ${ratioText(r.ratio, r.ratioUnit)} | ${cell(r.goal)} | ${r.status} | ${cell(r.notes)} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

export interface Meta {
  mode: 'quick' | 'full';
  started: string;
  finished: string;
  seconds: number;
  cpus: number;
  cpuModel: string;
  loadStart: string;
  loadEnd: string;
  node: string;
  commit: string;
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

export function writeResults(meta: Meta): { json: string; md: string } {
  const dir = path.join(BENCH, 'results');
  mkdirSync(dir, { recursive: true });
  const json = path.join(dir, 'latest.json');
  const md = path.join(dir, 'latest.md');
  writeFileSync(json, `${JSON.stringify({ meta, rows }, null, 2)}\n`);
  writeFileSync(md, markdown(meta));
  return { json, md };
}

/** pass when ok, fail otherwise; n/a when the figure could not be computed. */
export function verdict(ok: boolean | null): Status {
  return ok === null ? 'n/a' : ok ? 'pass' : 'fail';
}
