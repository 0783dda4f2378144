/**
 * Generates photos of made-up passport data pages with their truth, to measure the MRZ reader
 * (src/server/passport-mrz) against: a page as a passport prints it (guilloche background, photo, labelled fields in
 * the visual zone, the two MRZ lines in a monospace close to OCR-B: Roboto Mono, from npm, never a system font), then
 * photographed as a phone does it: on a desk, rotated up to 5 degrees, in perspective, blurred, with glare and uneven
 * light and sensor noise, 1,000 to 3,000 pixels wide, JPEG quality 60 to 90. The same seed makes the same set.
 *
 *   npx tsx tools/passport-pages.ts                                 the committed set (tests/fixtures/passports)
 *   npx tsx tools/passport-pages.ts --out .cache/passports --count 200 --seed 7    a larger set for the bench
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import sharp from 'sharp';
import { mrzName } from '../src/server/passport-mrz/transliterate';
import { td3Lines, type Td3Fields } from '../src/server/passport-mrz/td3';

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
const MRZ_FONT = {
  family: 'Roboto Mono',
  file: fontFile('@expo-google-fonts/roboto-mono', '400Regular/RobotoMono_400Regular.ttf'),
};
const TEXT_FONT = {
  family: 'Noto Sans',
  file: fontFile('@expo-google-fonts/noto-sans', '400Regular/NotoSans_400Regular.ttf'),
};
const BOLD_FONT = {
  family: 'Noto Sans Bold',
  file: fontFile('@expo-google-fonts/noto-sans', '700Bold/NotoSans_700Bold.ttf'),
};

/** What a page says and how its photo was taken; the reading the reader should give is `expected`. */
export interface PassportTruth {
  file: string;
  /** The names as the visual zone prints them (accents and all). */
  printed: { surname: string; givenNames: string };
  lines: [string, string];
  expected: {
    documentNumber: string;
    issuingCountry: string;
    nationality: string;
    dateOfBirth: string;
    dateOfExpiry: string;
    sex: 'M' | 'F' | 'X';
    surname: string;
    givenNames: string;
  };
  photo: { width: number; height: number; rotation: number; blur: number; glare: number; quality: number };
}

/** A small seeded generator (mulberry32): the same seed, the same pages. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (low: number, high: number) => low + (high - low) * next(),
    int: (low: number, high: number) => Math.floor(low + (high - low + 1) * next()),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    gauss: () => Math.sqrt(-2 * Math.log(next() || 1e-9)) * Math.cos(2 * Math.PI * next()),
  };
}
type Random = ReturnType<typeof random>;

const COUNTRIES: readonly (readonly [string, string])[] = [
  ['GBR', 'United Kingdom'],
  ['D', 'Deutschland'],
  ['FRA', 'République française'],
  ['NLD', 'Nederland'],
  ['ESP', 'España'],
  ['SWE', 'Sverige'],
  ['NOR', 'Norge'],
  ['DNK', 'Danmark'],
  ['POL', 'Polska'],
  ['TUR', 'Türkiye'],
  ['ZAF', 'South Africa'],
  ['NGA', 'Nigeria'],
  ['KEN', 'Kenya'],
  ['IND', 'India'],
  ['JPN', 'Japan'],
  ['BRA', 'Brasil'],
  ['MEX', 'México'],
  ['CAN', 'Canada'],
  ['AUS', 'Australia'],
  ['IRL', 'Éire / Ireland'],
  ['ITA', 'Italia'],
  ['PRT', 'Portugal'],
  ['UKR', 'Ukraine'],
  ['FIN', 'Suomi'],
  ['AUT', 'Österreich'],
  ['CZE', 'Česká republika'],
  ['VNM', 'Việt Nam'],
  ['EGY', 'Egypt'],
];

const SURNAMES = [
  'Müller',
  'Dubois-Müller',
  'Ødegård',
  'Núñez García',
  "O'Connor",
  'Strauß',
  'Łukasiewicz',
  'Çelik',
  'Şahin',
  'Nguyễn',
  'Kowalska',
  'van der Berg',
  'Åberg',
  'Björklund',
  'Fernández-López',
  'Okonkwo',
  'Smith',
  'Æbeltoft',
  'Dvořák',
  'Schröder',
  'Lindqvist',
  "D'Souza",
  'McAllister',
  'Al-Rashid',
  'Moreau',
  'Yamamoto',
  'Petrović',
  'Jørgensen',
  'Håkansson',
  'Ibáñez',
  'Øverby-Lund',
  'Zieliński',
  'Gómez',
  'Oyelaran',
  'Bianchi',
  'Kärkkäinen',
];

const GIVEN_NAMES = [
  'Anna Maria',
  'Jörg',
  'Zoë',
  'Chloé',
  'Łucja',
  'Søren',
  'Ægir',
  'José Luis',
  'Marie-Hélène',
  'Ólafur',
  'Inês',
  'François',
  'Siobhán',
  'Nuño',
  'Björn',
  'Çağla',
  'Thị Thu',
  'Jean-Baptiste',
  'Ahmed',
  'Chidi',
  'Priya',
  'Kenji',
  'Aleksandr',
  'Greta',
  'Zoltán',
  'Małgorzata',
  'Sébastien',
  'Rüdiger',
  'Åse',
  'Ingrid',
  'Wei',
  'Mateus',
  'Oluwaseun',
  'Eóin',
];

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';

function documentNumber(rng: Random): string {
  const shape = rng.pick(['LLDDDDDDD', 'DDDDDDDDD', 'LDDDDDDDD', 'LLLDDDDDD', 'DDDDDDDD', 'LDDDDDDDL', 'CCCCCCCCC']);
  return [...shape]
    .map((kind) =>
      kind === 'L' ? rng.pick([...LETTERS]) : kind === 'D' ? rng.pick([...DIGITS]) : rng.pick([...(LETTERS + DIGITS)]),
    )
    .join('');
}

function date(rng: Random, from: number, to: number): { year: number; month: number; day: number } {
  const year = rng.int(from, to);
  const month = rng.int(1, 12);
  const day = rng.int(1, new Date(Date.UTC(year, month, 0)).getUTCDate());
  return { year, month, day };
}

const two = (n: number) => String(n).padStart(2, '0');
const yymmdd = (d: { year: number; month: number; day: number }) => `${two(d.year % 100)}${two(d.month)}${two(d.day)}`;
const iso = (d: { year: number; month: number; day: number }) => `${d.year}-${two(d.month)}-${two(d.day)}`;
const printedDate = (d: { year: number; month: number; day: number }) =>
  `${two(d.day)} ${MONTHS[d.month - 1]} ${d.year}`;

/** One holder and document. */
function identity(rng: Random) {
  const [issuing, countryName] = rng.pick(COUNTRIES);
  const nationality = rng.next() < 0.85 ? issuing : rng.pick(COUNTRIES)[0];
  const surname =
    rng.next() < 0.2 ? `${rng.pick(SURNAMES)}-${rng.pick(SURNAMES)}`.replace(/-(\w)/, '-$1') : rng.pick(SURNAMES);
  const givenNames = rng.next() < 0.25 ? `${rng.pick(GIVEN_NAMES)} ${rng.pick(GIVEN_NAMES)}` : rng.pick(GIVEN_NAMES);
  let mrzSurname = mrzName(surname);
  let mrzGiven = mrzName(givenNames);
  // The names field holds 39 characters: these pages keep the whole name (a shorter given name when it would not fit).
  if (mrzSurname.length + 2 + mrzGiven.length > 39) mrzGiven = mrzGiven.split('<')[0].slice(0, 37 - mrzSurname.length);
  if (mrzSurname.length + 2 + mrzGiven.length > 39) mrzSurname = mrzSurname.slice(0, 20);
  const born = date(rng, 1940, 2021);
  const expires = date(rng, 2026, 2036);
  const issued = { ...expires, year: expires.year - 10 };
  const sex = rng.pick(['M', 'F', 'M', 'F', '<'] as const);
  const personal =
    rng.next() < 0.5
      ? ''
      : [...Array(rng.int(6, 14))].map(() => rng.pick([...(DIGITS + LETTERS.slice(0, 8))])).join('');
  const fields: Td3Fields = {
    issuingCountry: issuing,
    surname: mrzSurname,
    givenNames: mrzGiven,
    documentNumber: documentNumber(rng),
    nationality,
    dateOfBirth: yymmdd(born),
    sex,
    dateOfExpiry: yymmdd(expires),
    personalNumber: personal,
  };
  return { fields, countryName, surname, givenNames, born, expires, issued };
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A line of text as an RGBA picture, its font `em` pixels high. */
async function text(content: string, font: { family: string; file: string }, em: number, colour: string) {
  const image = await sharp({
    text: {
      text: `<span foreground="${colour}">${escape(content)}</span>`,
      font: `${font.family} 40`,
      fontfile: font.file,
      dpi: 72,
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  const scale = em / 40;
  return sharp(image.data)
    .resize(Math.max(1, Math.round(image.info.width * scale)), Math.max(1, Math.round(image.info.height * scale)))
    .png()
    .toBuffer();
}

/** An MRZ line exactly `width` pixels wide: 44 characters at the 2.54 mm pitch of OCR-B, in the font's proportions. */
async function mrzLine(line: string, width: number) {
  const image = await sharp({
    text: { text: escape(line), font: `${MRZ_FONT.family} 60`, fontfile: MRZ_FONT.file, dpi: 72, rgba: true },
  })
    .png()
    .toBuffer();
  return sharp(image)
    .resize({ width: Math.round(width) })
    .png()
    .toBuffer();
}

/** The data page, `width` pixels wide (125 x 88 mm). */
async function page(rng: Random, person: ReturnType<typeof identity>, lines: [string, string], width: number) {
  const s = width / 125; // pixels per millimetre
  const height = Math.round(88 * s);
  const hue = rng.int(0, 360);
  const tint = `hsl(${hue}, 45%, 92%)`;
  const ink = `hsl(${hue}, 35%, 70%)`;
  const waves: string[] = [];
  for (let i = 0; i < 26; i += 1) {
    const amplitude = rng.between(2, 6) * s;
    const period = rng.between(12, 30) * s;
    const y0 = (i / 26) * height;
    let d = `M0 ${y0.toFixed(1)}`;
    for (let x = 0; x <= width; x += s * 2)
      d += ` L${x.toFixed(1)} ${(y0 + amplitude * Math.sin(x / period + i)).toFixed(1)}`;
    waves.push(`<path d="${d}" stroke="${ink}" stroke-width="${(0.15 * s).toFixed(2)}" fill="none" opacity="0.7"/>`);
  }
  const photo = { x: 6 * s, y: 17 * s, w: 30 * s, h: 40 * s };
  const skin = `hsl(${rng.int(15, 35)}, ${rng.int(25, 55)}%, ${rng.int(30, 75)}%)`;
  const background = `
    <svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <rect width="100%" height="100%" fill="${tint}"/>
      ${waves.join('')}
      <rect x="${photo.x}" y="${photo.y}" width="${photo.w}" height="${photo.h}" fill="hsl(${hue}, 10%, 80%)"/>
      <ellipse cx="${photo.x + photo.w / 2}" cy="${photo.y + photo.h * 0.4}" rx="${photo.w * 0.26}" ry="${photo.h * 0.24}" fill="${skin}"/>
      <path d="M${photo.x + photo.w * 0.08} ${photo.y + photo.h} Q${photo.x + photo.w / 2} ${photo.y + photo.h * 0.55} ${photo.x + photo.w * 0.92} ${photo.y + photo.h} Z" fill="hsl(${rng.int(0, 360)}, 20%, 30%)"/>
      <rect x="0" y="${69 * s}" width="${width}" height="${19 * s}" fill="white" opacity="0.35"/>
    </svg>`;
  const dark = '#1d1d2b';
  const label = '#4b4b66';
  const items: { input: Buffer; left: number; top: number }[] = [];
  const put = async (content: string, font: typeof TEXT_FONT, x: number, y: number, mm: number, colour: string) =>
    items.push({ input: await text(content, font, mm * s, colour), left: Math.round(x * s), top: Math.round(y * s) });
  await put(`PASSPORT / PASSEPORT   ${person.countryName.toUpperCase()}`, BOLD_FONT, 6, 4, 4, dark);
  const fields: [string, string, number, number][] = [
    ['Type / Type', 'P', 40, 12],
    ['Code / Code', person.fields.issuingCountry, 58, 12],
    ['Passport No. / No. du passeport', person.fields.documentNumber, 80, 12],
    ['Surname / Nom', person.surname.toUpperCase(), 40, 20],
    ['Given names / Prénoms', person.givenNames.toUpperCase(), 40, 28],
    ['Nationality / Nationalité', person.countryName.toUpperCase(), 40, 36],
    ['Date of birth / Date de naissance', printedDate(person.born), 40, 44],
    ['Sex / Sexe', person.fields.sex === '<' ? 'X' : person.fields.sex, 96, 44],
    ['Date of issue / Date de délivrance', printedDate(person.issued), 40, 52],
    ['Date of expiry / Date d’expiration', printedDate(person.expires), 40, 60],
    ['Authority / Autorité', 'HOME OFFICE', 96, 52],
  ];
  for (const [name, value, x, y] of fields) {
    await put(name, TEXT_FONT, x, y, 1.9, label);
    await put(value, BOLD_FONT, x, y + 2.3, 3, dark);
  }
  // The MRZ: 44 characters at 2.54 mm from 6.5 mm in, two lines 5.5 mm apart near the bottom edge.
  for (const [i, line] of lines.entries()) {
    items.push({
      input: await mrzLine(line, 44 * 2.54 * s),
      left: Math.round(6.5 * s),
      top: Math.round((71 + i * 5.5) * s),
    });
  }
  return sharp(Buffer.from(background)).composite(items).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

/** The homography taking the four points `from` to the four points `to` (3 x 3, row by row, h33 = 1). */
function homography(from: [number, number][], to: [number, number][]): number[] {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i += 1) {
    const [x, y] = from[i];
    const [u, v] = to[i];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  // Gaussian elimination with partial pivoting.
  for (let col = 0; col < 8; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < 8; row += 1) if (Math.abs(a[row][col]) > Math.abs(a[pivot][col])) pivot = row;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    [b[col], b[pivot]] = [b[pivot], b[col]];
    for (let row = 0; row < 8; row += 1) {
      if (row === col) continue;
      const factor = a[row][col] / a[col][col];
      for (let k = col; k < 8; k += 1) a[row][k] -= factor * a[col][k];
      b[row] -= factor * b[col];
    }
  }
  return [...b.map((value, i) => value / a[i][i]), 1];
}

/** The page photographed: placed on a desk in perspective and rotated, lit unevenly, with glare, blur and noise. */
async function photograph(rng: Random, person: ReturnType<typeof identity>, lines: [string, string], index: number) {
  const width = index === 0 ? 1000 : index === 1 ? 3000 : rng.int(1000, 3000);
  const height = Math.round(width * 0.75);
  const share = rng.between(0.74, 0.9);
  const pageWidth = Math.round(width * share);
  const { data: paper, info } = await page(rng, person, lines, pageWidth);
  const rotation = rng.between(-5, 5);
  const radians = (rotation * Math.PI) / 180;
  const cx = width / 2 + rng.between(-0.04, 0.04) * width;
  const cy = height / 2 + rng.between(-0.04, 0.04) * height;
  const corners: [number, number][] = [
    [0, 0],
    [info.width, 0],
    [info.width, info.height],
    [0, info.height],
  ];
  // Perspective: each corner moved by up to 2.5% of the page's width, as a phone held not quite flat sees it.
  const jitter = 0.025 * info.width;
  const placed = corners.map(([x, y]): [number, number] => {
    const dx = x - info.width / 2 + rng.between(-jitter, jitter);
    const dy = y - info.height / 2 + rng.between(-jitter, jitter);
    return [cx + dx * Math.cos(radians) - dy * Math.sin(radians), cy + dx * Math.sin(radians) + dy * Math.cos(radians)];
  });
  const h = homography(placed, corners);
  const desk = [rng.int(60, 140), rng.int(50, 120), rng.int(40, 110)];
  const light = { x: rng.between(0, width), y: rng.between(0, height), fall: rng.between(0.1, 0.35) };
  const glare = {
    x: rng.between(0.1, 0.9) * width,
    y: rng.between(0.15, 0.85) * height,
    r: rng.between(0.08, 0.25) * width,
  };
  const glareStrength = rng.next() < 0.6 ? rng.between(0.15, 0.55) : 0;
  const noise = rng.between(0.5, 2.5);
  const out = Buffer.alloc(width * height * 3);
  const diagonal = Math.hypot(width, height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const w = h[6] * x + h[7] * y + h[8];
      const px = (h[0] * x + h[1] * y + h[2]) / w;
      const py = (h[3] * x + h[4] * y + h[5]) / w;
      const shade = 1 - light.fall * (Math.hypot(x - light.x, y - light.y) / diagonal);
      const g = glareStrength * Math.exp(-((x - glare.x) ** 2 + (y - glare.y) ** 2) / (2 * glare.r ** 2));
      const at = (y * width + x) * 3;
      const inside = px >= 0 && py >= 0 && px < info.width - 1 && py < info.height - 1;
      for (let c = 0; c < 3; c += 1) {
        let value: number;
        if (inside) {
          const x0 = Math.floor(px);
          const y0 = Math.floor(py);
          const fx = px - x0;
          const fy = py - y0;
          const i00 = (y0 * info.width + x0) * 3 + c;
          const i10 = i00 + 3;
          const i01 = i00 + info.width * 3;
          const i11 = i01 + 3;
          value =
            paper[i00] * (1 - fx) * (1 - fy) +
            paper[i10] * fx * (1 - fy) +
            paper[i01] * (1 - fx) * fy +
            paper[i11] * fx * fy;
        } else value = desk[c] + 10 * Math.sin(x / 37 + y / 53);
        value = value * shade;
        value = value + (255 - value) * g + noise * rng.gauss();
        out[at + c] = value < 0 ? 0 : value > 255 ? 255 : value;
      }
    }
  }
  // Blur as a fraction of the MRZ's character pitch, so that a small photo is not blurred more than a large one.
  const pitch = (pageWidth / 125) * 2.54;
  const blur = rng.between(0.02, 0.08) * pitch;
  const quality = rng.int(60, 90);
  const jpeg = await sharp(out, { raw: { width, height, channels: 3 } })
    .blur(Math.max(0.3, blur))
    .jpeg({ quality, mozjpeg: true })
    .toBuffer();
  return {
    jpeg,
    photo: {
      width,
      height,
      rotation: Number(rotation.toFixed(2)),
      blur: Number(blur.toFixed(2)),
      glare: Number(glareStrength.toFixed(2)),
      quality,
    },
  };
}

/** Generates `count` pages into `out`, with truth.json beside them. */
export async function generatePassportPages(out: string, count: number, seed: number): Promise<PassportTruth[]> {
  mkdirSync(out, { recursive: true });
  const rng = random(seed);
  const truth: PassportTruth[] = [];
  for (let index = 0; index < count; index += 1) {
    const person = identity(rng);
    const lines = td3Lines(person.fields);
    const { jpeg, photo } = await photograph(rng, person, lines, index);
    const file = `passport-${String(index + 1).padStart(3, '0')}.jpg`;
    writeFileSync(path.join(out, file), jpeg);
    const f = person.fields;
    truth.push({
      file,
      printed: { surname: person.surname, givenNames: person.givenNames },
      lines,
      expected: {
        documentNumber: f.documentNumber,
        issuingCountry: f.issuingCountry,
        nationality: f.nationality,
        dateOfBirth: iso(person.born),
        dateOfExpiry: iso(person.expires),
        sex: f.sex === '<' ? 'X' : f.sex,
        surname: f.surname.replace(/</g, ' '),
        givenNames: f.givenNames.replace(/</g, ' '),
      },
      photo,
    });
  }
  const truthFile = path.join(out, 'truth.json');
  // Formatted as the repository's other files are (its Prettier settings).
  const options = { ...(await resolveConfig(truthFile)), filepath: truthFile };
  writeFileSync(truthFile, await format(JSON.stringify(truth), options));
  return truth;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const argv = process.argv.slice(2);
  const option = (name: string, fallback: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
  const out = path.resolve(option('--out', path.join(import.meta.dirname, '..', 'tests', 'fixtures', 'passports')));
  const count = Number(option('--count', '40'));
  const seed = Number(option('--seed', '9303'));
  const started = performance.now();
  const truth = await generatePassportPages(out, count, seed);
  console.log(`${truth.length} pages in ${out} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
