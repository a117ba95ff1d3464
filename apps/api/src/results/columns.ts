/** Which column of a results file holds what: recognised header names in several languages. */

export const RESULT_FIELDS = [
  'bib',
  'name',
  'first_name',
  'last_name',
  'gender',
  'category',
  'gun_time',
  'net_time',
  'overall_rank',
  'category_rank',
  'status',
] as const;
export type ResultField = (typeof RESULT_FIELDS)[number];

/** Header names per field, compared after `headerKey` (lower case, no accents, letters and digits only). */
const SYNONYMS: Readonly<Record<ResultField, readonly string[]>> = {
  bib: [
    'bib',
    'bibno',
    'bibnr',
    'bibnum',
    'bibnumber',
    'bibs',
    'dorsal',
    'dorsale',
    'dossard',
    'pettorale',
    'startnummer',
    'startnr',
    'startno',
    'number',
    'no',
    'nr',
    'num',
    'racenumber',
    'racenr',
    'raceno',
    'startnumber',
  ],
  name: [
    'name',
    'fullname',
    'runner',
    'runnername',
    'athlete',
    'athletename',
    'participant',
    'participantname',
    'competitor',
    'nom',
    'nomcomplet',
    'nombre',
    'nombrecompleto',
    'naam',
    'nome',
    'nomecompleto',
    'vollername',
  ],
  first_name: ['firstname', 'first', 'givenname', 'forename', 'vorname', 'prenom', 'voornaam'],
  last_name: [
    'lastname',
    'last',
    'surname',
    'familyname',
    'nachname',
    'apellido',
    'apellidos',
    'achternaam',
    'cognome',
  ],
  gender: ['gender', 'sex', 'mf', 'geschlecht', 'sexe', 'sexo', 'genre', 'geslacht', 'sesso'],
  category: [
    'cat',
    'category',
    'division',
    'div',
    'ag',
    'agegroup',
    'agecategory',
    'agegrade',
    'class',
    'klasse',
    'altersklasse',
    'ak',
    'categorie',
    'categoria',
    'categorias',
    'wertung',
  ],
  gun_time: [
    'guntime',
    'gun',
    'time',
    'finishtime',
    'officialtime',
    'grosstime',
    'bruttozeit',
    'zeit',
    'endzeit',
    'temps',
    'tempsofficiel',
    'tiempo',
    'tiempooficial',
    'tempo',
    'tijd',
  ],
  net_time: [
    'chiptime',
    'chip',
    'nettime',
    'net',
    'nettozeit',
    'tempsnet',
    'tempsreel',
    'tiemponeto',
    'tiempochip',
    'tempochip',
    'nettotijd',
  ],
  overall_rank: [
    'place',
    'overall',
    'overallplace',
    'overallrank',
    'pos',
    'position',
    'rank',
    'ranking',
    'platz',
    'gesamtplatz',
    'rang',
    'classement',
    'clt',
    'puesto',
    'clasificacion',
    'posicion',
    'posizione',
    'plaats',
  ],
  category_rank: [
    'catplace',
    'catpos',
    'catrank',
    'categoryplace',
    'categoryrank',
    'categoryposition',
    'divplace',
    'divpl',
    'divrank',
    'divisionplace',
    'divisionrank',
    'agplace',
    'agrank',
    'akplatz',
    'klassenplatz',
    'platzak',
    'poscat',
    'cltcat',
    'rangcat',
    'puestocat',
    'posicioncategoria',
  ],
  status: ['status', 'state', 'resultstatus'],
};

const LOOKUP = new Map<string, ResultField>();
for (const field of RESULT_FIELDS) for (const name of SYNONYMS[field]) LOOKUP.set(name, field);

export function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export type ColumnMapping = Partial<Record<ResultField, number>>;

export class MappingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MappingError';
  }
}

/**
 * Column index per field: explicit `mapping` (header names, case-insensitive) first, then the
 * first column whose header is a known name for the field. Throws `MappingError` when an
 * explicit header is not in the file.
 */
export function mapColumns(
  headers: readonly string[],
  mapping: Partial<Record<ResultField, string>> = {},
): ColumnMapping {
  const keys = headers.map(headerKey);
  const columns: ColumnMapping = {};
  const taken = new Set<number>();
  for (const [field, header] of Object.entries(mapping) as [ResultField, string | undefined][]) {
    if (header === undefined) continue;
    if (!(RESULT_FIELDS as readonly string[]).includes(field))
      throw new MappingError(`unknown field "${field}"; fields are ${RESULT_FIELDS.join(', ')}`);
    const exact = headers.findIndex((h) => h.trim().toLowerCase() === header.trim().toLowerCase());
    const index = exact >= 0 ? exact : keys.indexOf(headerKey(header));
    if (index < 0)
      throw new MappingError(
        `column "${header}" (for ${field}) is not in the file; its columns are ${listHeaders(headers)}`,
      );
    columns[field] = index;
    taken.add(index);
  }
  keys.forEach((key, index) => {
    if (taken.has(index)) return;
    const field = LOOKUP.get(key);
    if (field && columns[field] === undefined && !(field in mapping)) {
      columns[field] = index;
      taken.add(index);
    }
  });
  // "First Name" beside "Name" (or "Prénom" beside "Nom"): the name column is the surname.
  if (
    columns.first_name !== undefined &&
    columns.last_name === undefined &&
    columns.name !== undefined &&
    mapping.name === undefined
  ) {
    columns.last_name = columns.name;
    delete columns.name;
  }
  return columns;
}

export function listHeaders(headers: readonly string[]): string {
  const shown = headers.slice(0, 30).map((h) => `"${h}"`);
  return shown.join(', ') + (headers.length > 30 ? `, and ${headers.length - 30} more` : '');
}
