/**
 * Race results for the demo's big events: one row per bib seen in the rendered photos (the
 * ground truth), with realistic names (accents included), categories, times and ranks. Generated
 * from a seed, so every demo has the same runners.
 */

const FIRST = {
  M: [
    'José',
    'Lukas',
    'Mathéo',
    'Søren',
    'Tomás',
    'James',
    'Marco',
    'Jan',
    'Ignacio',
    'François',
    'Björn',
    'Luca',
    'Noah',
    'Adrián',
    'Piotr',
    'Kenji',
    'Olivier',
    'Raúl',
    'Niklas',
    'Emil',
  ],
  F: [
    'Zoë',
    'Léa',
    'María',
    'Ana',
    'Chloé',
    'Sofía',
    'Ingrid',
    'Emma',
    'Agnès',
    'Lucía',
    'Mette',
    'Giulia',
    'Hélène',
    'Anaïs',
    'Małgorzata',
    'Yuki',
    'Inès',
    'Freya',
    'Clara',
    'Noémie',
  ],
};
const LAST = [
  'García',
  'Müller',
  'Dubois',
  'Rossi',
  'Nowak',
  'Jensen',
  'Fernández',
  'Smith',
  "O'Brien",
  'Lefèvre',
  'Schröder',
  'Martínez',
  'Andersson',
  'Kowalski',
  'Bianchi',
  'López-Ruiz',
  'Nakamura',
  'Weiß',
  'Moreau',
  'Novák',
  'Ferreira',
  'Van der Berg',
  'Çelik',
  'Rodríguez',
];

function prng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x1_0000_0000;
  };
}

function hms(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

function csvCell(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A results CSV (UTF-8) for these bibs: Bib, Name, Gender, Category, Gun Time, Net Time, Place, Category Place, 10K. */
export function demoResultsCsv(bibs: readonly string[], seed: number): string {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const runners = [...new Set(bibs)].map((bib) => {
    const gender = random() < 0.45 ? 'F' : 'M';
    const age = 18 + Math.floor(random() * 50);
    const band = age < 35 ? 'Senior' : `${Math.floor(age / 5) * 5}`;
    const category = band === 'Senior' ? `${gender} Senior` : `${gender}${band}`;
    const net = 35 * 60 + random() * 55 * 60 + (gender === 'F' ? 240 : 0);
    const dnf = random() < 0.02;
    return {
      bib,
      name: `${pick(FIRST[gender])} ${pick(LAST)}`,
      gender,
      category,
      net,
      gun: net + Math.floor(random() * 90),
      dnf,
    };
  });
  const finishers = runners.filter((r) => !r.dnf).sort((a, b) => a.net - b.net);
  const overall = new Map(finishers.map((r, i) => [r.bib, i + 1]));
  const inCategory = new Map<string, number>();
  const categoryRank = new Map<string, number>();
  for (const r of finishers) {
    const n = (inCategory.get(r.category) ?? 0) + 1;
    inCategory.set(r.category, n);
    categoryRank.set(r.bib, n);
  }
  const lines = ['Bib,Name,Gender,Category,Gun Time,Net Time,Place,Category Place,10K'];
  for (const r of [...runners].sort(
    (a, b) => (overall.get(a.bib) ?? 1e9) - (overall.get(b.bib) ?? 1e9),
  )) {
    lines.push(
      [
        r.bib,
        csvCell(r.name),
        r.gender,
        r.category,
        r.dnf ? 'DNF' : hms(r.gun),
        r.dnf ? '' : hms(r.net),
        String(overall.get(r.bib) ?? ''),
        String(categoryRank.get(r.bib) ?? ''),
        r.dnf ? '' : hms(r.net * 0.48),
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
