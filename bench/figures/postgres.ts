/** The JSON routes again on PostgreSQL: a bench database created here and dropped after. */
import path from 'node:path';
import pg from 'pg';
import { createDemo, startApi } from '../lib/api.js';
import type { Context } from '../lib/context.js';
import { onCleanup } from '../lib/proc.js';
import { notAvailable } from '../lib/table.js';
import { apiJson, ENDPOINT_NAMES } from './api-json.js';

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB = 'eventsite_bench';

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function postgres(ctx: Context) {
  const goal = '≥ 60 % of baseline req/s; p99 < 20 ms';
  try {
    await admin(`drop database if exists ${DB} with (force)`);
    await admin(`create database ${DB}`);
  } catch (error) {
    for (const name of ENDPOINT_NAMES) {
      notAvailable(
        `${name} (PostgreSQL): req/s and p99 at 50 connections`,
        goal,
        `PostgreSQL at ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')} unreachable: ${(error as Error).message}`,
      );
    }
    return;
  }
  onCleanup(() => admin(`drop database if exists ${DB} with (force)`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB}`;
  const store = { dataDir: path.join(ctx.tmp, 'pg-data'), databaseUrl: url.toString() };
  const truth = await createDemo(store, ctx.quick ? 0.05 : 0.2);
  const api = await startApi(store);
  try {
    await apiJson(ctx, api, truth, 'PostgreSQL');
  } finally {
    await api.stop();
    await admin(`drop database if exists ${DB} with (force)`);
  }
}
