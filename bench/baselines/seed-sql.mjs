// Rows straight into the embedded database for the seeding baselines: SQL generated from
// information_schema, so a NOT NULL column added by a later migration gets a plain value and
// the seeds keep working.

/** The table's columns, in order. */
export async function columns(db, table) {
  const r = await db.query(
    `select column_name, data_type, is_nullable, column_default, is_identity, is_generated from information_schema.columns
     where table_schema = 'public' and table_name = $1 order by ordinal_position`,
    [table],
  );
  return r.rows;
}

/** A plain value for a NOT NULL column without a default; null when the database fills it. */
function plain(col) {
  if (col.column_default !== null || col.is_nullable === 'YES') return null;
  if (col.is_identity === 'YES' || (col.is_generated && col.is_generated !== 'NEVER')) return null;
  if (/int|numeric|double|real/.test(col.data_type)) return '0';
  if (col.data_type === 'boolean') return 'false';
  if (col.data_type === 'jsonb' || col.data_type === 'json') return `'{}'`;
  if (col.data_type.startsWith('timestamp')) return 'now()';
  if (col.data_type === 'uuid') return 'gen_random_uuid()';
  if (col.data_type === 'ARRAY') return `'{}'`;
  return `''`;
}

/** insert into table (...) select <exprs> from <from>: known columns by name, the rest plain. */
export async function insertSelect(db, table, known, from) {
  const cols = await columns(db, table);
  if (cols.length === 0) throw new Error(`no table ${table}`);
  const names = [];
  const exprs = [];
  for (const col of cols) {
    const generated =
      col.is_identity === 'YES' || (col.is_generated && col.is_generated !== 'NEVER');
    const expr = generated ? null : (known[col.column_name] ?? plain(col));
    if (expr === null) continue;
    names.push(`"${col.column_name}"`);
    exprs.push(expr);
  }
  await db.exec(
    `insert into "${table}" (${names.join(', ')}) select ${exprs.join(', ')} from ${from}`,
  );
}
