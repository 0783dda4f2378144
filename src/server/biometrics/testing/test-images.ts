import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { checkDigit } from '../../passport-mrz/td3';

/**
 * Pictures for tests and for the browser's fake camera, drawn here rather than kept as binary fixtures:
 * a well-lit, sharp, face-like portrait and a passport-like data page, and from them the faulty photos a
 * traveller might send (too dark, too bright, blurred, too small, turned by EXIF, carrying metadata).
 */

/** An SVG of a face on a plain light background: skin, hair, eyes, brows, nose, mouth, shoulders. */
export function faceSvg(width = 720, height = 960): string {
  // Drawn on a 600x800 canvas and scaled, so every size keeps the same proportions.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 600 800" preserveAspectRatio="none">
<defs><radialGradient id="skin" cx="50%" cy="45%" r="60%"><stop offset="0" stop-color="#f1c7a5"/><stop offset="1" stop-color="#b97f5c"/></radialGradient></defs>
<rect width="600" height="800" fill="#e8eef2"/>
<rect x="120" y="620" width="360" height="200" rx="80" fill="#2d4a6b"/>
<rect x="255" y="520" width="90" height="120" fill="#c9906b"/>
<ellipse cx="300" cy="380" rx="165" ry="215" fill="url(#skin)"/>
<path d="M135 330 Q150 150 300 150 Q450 150 465 330 Q440 220 300 215 Q160 220 135 330Z" fill="#3b2a1e"/>
<path d="M195 320 Q235 300 270 318" stroke="#3b2a1e" stroke-width="10" fill="none"/>
<path d="M330 318 Q365 300 405 320" stroke="#3b2a1e" stroke-width="10" fill="none"/>
<ellipse cx="235" cy="355" rx="30" ry="16" fill="#fff"/><circle cx="235" cy="355" r="12" fill="#3a2a1a"/>
<ellipse cx="365" cy="355" rx="30" ry="16" fill="#fff"/><circle cx="365" cy="355" r="12" fill="#3a2a1a"/>
<path d="M300 370 L285 450 Q300 462 315 450Z" fill="#b87c5a"/>
<path d="M245 500 Q300 535 355 500 Q300 515 245 500Z" fill="#a0404a"/>
</svg>`;
}

/** Bars standing in for printed characters, so that the page does not depend on installed fonts. */
function textLine(x: number, y: number, characters: number, size: number, seed: number): string {
  let out = '';
  let at = x;
  for (let i = 0; i < characters; i += 1) {
    const wide = (seed * 31 + i * 17) % 7;
    if (wide !== 0) out += `<rect x="${at}" y="${y}" width="${size * 0.55}" height="${size}" fill="#1f2630"/>`;
    at += size * 0.75;
  }
  return out;
}

/** An SVG of a passport data page: tinted page, guilloche lines, the holder's portrait, fields and two MRZ lines. */
export function passportPageSvg(width = 1250, height = 880): string {
  const guilloche = Array.from(
    { length: 14 },
    (_, i) =>
      `<path d="M0 ${120 + i * 45} Q312 ${60 + i * 45} 625 ${120 + i * 45} T1250 ${120 + i * 45}" stroke="#b9cfc4" stroke-width="3" fill="none"/>`,
  ).join('');
  const fields = Array.from(
    { length: 6 },
    (_, i) => `${textLine(470, 200 + i * 62, 5, 14, i)}${textLine(470, 222 + i * 62, 14 + (i % 3) * 4, 24, i + 7)}`,
  ).join('');
  const mrz = `${textLine(60, 700, 44, 34, 3)}${textLine(60, 770, 44, 34, 5)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1250 880" preserveAspectRatio="none">
<rect width="1250" height="880" fill="#dfe9e2"/>${guilloche}
<rect x="0" y="0" width="1250" height="110" fill="#3d6b57"/>${textLine(60, 35, 22, 40, 11)}
<svg x="60" y="170" width="360" height="470" viewBox="0 0 600 800" preserveAspectRatio="none">${faceSvg(600, 800).replace(/^<svg[^>]*>|<\/svg>$/g, '')}</svg>
<rect x="60" y="170" width="360" height="470" fill="none" stroke="#1f2630" stroke-width="4"/>
${fields}
<rect x="40" y="670" width="1170" height="170" fill="#f4f7f2"/>${mrz}
</svg>`;
}

/** A valid selfie: a sharp, evenly lit, face-like portrait (720x960 JPEG unless told). */
export function validSelfie(width = 720, height = 960): Promise<Buffer> {
  return sharp(Buffer.from(faceSvg(width, height)))
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** What a drawn passport page's machine-readable zone says (names as the MRZ writes them, dates YYYY-MM-DD). */
export interface PageMrz {
  documentNumber: string;
  /** Three letters, as the MRZ writes them (D for Germany). */
  issuingCountry: string;
  nationality: string;
  surname: string;
  givenNames: string;
  dateOfBirth: string;
  dateOfExpiry: string;
  sex: 'M' | 'F' | '<';
}

/** The page applicantBody's traveller would carry (Amélie Dubois, French), with a number of its own. */
export const DEFAULT_PAGE_MRZ: PageMrz = {
  documentNumber: '19FV05738',
  issuingCountry: 'FRA',
  nationality: 'FRA',
  surname: 'DUBOIS',
  givenNames: 'AMELIE',
  dateOfBirth: '1986-04-12',
  dateOfExpiry: '2033-06-30',
  sex: 'F',
};

const fill = (text: string, length: number) => text.padEnd(length, '<').slice(0, length);
const yymmdd = (date: string) => date.slice(2).replace(/-/g, '');

/** The two lines of a TD3 zone (ICAO 9303 Part 4), every check digit worked out. */
export function mrzLinesOf(page: PageMrz): [string, string] {
  const names = `${page.surname.replace(/ /g, '<')}<<${page.givenNames.replace(/ /g, '<')}`;
  const line1 = `P<${fill(page.issuingCountry, 3)}${fill(names, 39)}`;
  const number = fill(page.documentNumber, 9);
  const birth = yymmdd(page.dateOfBirth);
  const expiry = yymmdd(page.dateOfExpiry);
  const personal = fill('', 14);
  const body = `${number}${checkDigit(number)}${fill(page.nationality, 3)}${birth}${checkDigit(birth)}${page.sex}${expiry}${checkDigit(expiry)}${personal}${checkDigit(personal)}`;
  const composite = checkDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return [line1, `${body}${composite}`];
}

/** The lines each drawn passport page carries, by the SHA-256 of its bytes (see linesDrawnOn). */
const drawn = new Map<string, [string, string]>();
const digest = (image: Buffer) => createHash('sha256').update(image).digest('hex');

/** The MRZ lines drawn on a picture made by passportPage in this process, if it is one. */
export function linesDrawnOn(image: Buffer): [string, string] | undefined {
  return drawn.get(digest(image));
}

/** Roboto Mono (from npm, never a system font): a monospace close to OCR-B that the MRZ reader reads. */
const MRZ_FONT_FILE = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/roboto-mono/package.json')),
  '400Regular/RobotoMono_400Regular.ttf',
);

/** One MRZ line as a picture `width` pixels wide. */
async function mrzLinePicture(line: string, width: number): Promise<Buffer> {
  const escaped = line.replace(/</g, '&lt;');
  const picture = await sharp({
    text: { text: escaped, font: 'Roboto Mono 60', fontfile: MRZ_FONT_FILE, dpi: 72, rgba: true },
  })
    .png()
    .toBuffer();
  return sharp(picture)
    .resize({ width: Math.round(width) })
    .png()
    .toBuffer();
}

/** The MRZ's lines as pictures `lineWidth` wide, placed at `left`, line i centred on the height `centre(i)`. */
function mrzLinePictures(lines: readonly string[], lineWidth: number, left: number, centre: (i: number) => number) {
  return Promise.all(
    lines.map(async (line, i) => {
      const input = await mrzLinePicture(line, lineWidth);
      const { height: lineHeight = 0 } = await sharp(input).metadata();
      return { input, left, top: Math.round(centre(i) - lineHeight / 2) };
    }),
  );
}

/**
 * A passport data page (1250x880 unless told) whose machine-readable zone holds `mrz` in real characters: by
 * default a JPEG as a phone sends it; PNG or WebP when told.
 */
export async function passportPage(
  width = 1250,
  height = 880,
  mrz: PageMrz = DEFAULT_PAGE_MRZ,
  format: 'jpeg' | 'png' | 'webp' = 'jpeg',
): Promise<Buffer> {
  const lines = mrzLinesOf(mrz);
  // The bars standing in for the MRZ are covered by its band, on which the two lines are written.
  const svg = passportPageSvg(width, height).replace(
    /<rect x="40" y="670" width="1170" height="170" fill="#f4f7f2"\/>.*<\/svg>$/s,
    '<rect x="40" y="670" width="1170" height="170" fill="#f4f7f2"/></svg>',
  );
  const sx = width / 1250;
  const sy = height / 880;
  const composite = await mrzLinePictures(lines, 1100 * sx, Math.round(75 * sx), (i) => (720 + i * 70) * sy);
  const page = sharp(Buffer.from(svg)).composite(composite);
  const encoded = {
    jpeg: () => page.jpeg({ quality: 92 }),
    png: () => page.png(),
    webp: () => page.webp({ quality: 95 }),
  };
  const image = await encoded[format]().toBuffer();
  drawn.set(digest(image), lines);
  return image;
}

/**
 * The face-like portrait with a passport's MRZ band across its lower part (PNG): one picture that passes both the
 * selfie's checks (one large face) and the passport photo's (its two MRZ lines read), for a fake camera that
 * serves both photos of a journey.
 */
export async function faceWithMrz(width: number, height: number, mrz: PageMrz = DEFAULT_PAGE_MRZ): Promise<Buffer> {
  const lines = mrzLinesOf(mrz);
  const bandTop = Math.round(height * 0.78);
  const band = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height - bandTop}"><rect width="100%" height="100%" fill="#f4f7f2"/></svg>`;
  // The lines as far apart as on a data page: 70 px on a page 1250 px wide.
  const lineGap = (width * 70) / 1250;
  const firstLine = (bandTop + height) / 2 - lineGap / 2;
  const composite = [
    { input: Buffer.from(band), left: 0, top: bandTop },
    ...(await mrzLinePictures(lines, width * 0.9, Math.round(width * 0.05), (i) => firstLine + lineGap * i)),
  ];
  const image = await sharp(Buffer.from(faceSvg(width, height)))
    .composite(composite)
    .png()
    .toBuffer();
  drawn.set(digest(image), lines);
  return image;
}

/** A valid passport data page (1250x880 JPEG unless told), its MRZ that of DEFAULT_PAGE_MRZ. */
export function validPassportPage(width = 1250, height = 880): Promise<Buffer> {
  return passportPage(width, height);
}

/** The same picture taken in a dark room. */
export async function darkened(image: Buffer): Promise<Buffer> {
  return sharp(image).linear(0.18, 0).jpeg().toBuffer();
}

/** The same picture washed out by a flash or a window behind. */
export async function overexposed(image: Buffer): Promise<Buffer> {
  return sharp(image).linear(0.25, 205).jpeg().toBuffer();
}

/** The same picture out of focus or shaken. */
export async function blurred(image: Buffer, sigma = 8): Promise<Buffer> {
  return sharp(image).blur(sigma).jpeg().toBuffer();
}

/** The same picture at a lower resolution. */
export async function shrunk(image: Buffer, width: number): Promise<Buffer> {
  return sharp(image).resize({ width }).jpeg().toBuffer();
}

/** The same picture stored on its side with an EXIF orientation (6: turn 90° clockwise to view), as phones do. */
export async function storedSideways(image: Buffer): Promise<Buffer> {
  return sharp(image).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
}

/** The same picture carrying camera and owner metadata that must not be kept. */
export async function withCameraMetadata(image: Buffer): Promise<Buffer> {
  return sharp(image)
    .withExif({ IFD0: { Make: 'ExampleCam', Model: 'X100', Copyright: 'Amelie Dubois', Artist: 'Amelie Dubois' } })
    .jpeg()
    .toBuffer();
}

/** A plain light picture without any face. */
export function faceless(width = 720, height = 960): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#cfd8de"/>${Array.from({ length: 12 }, (_, i) => `<rect x="${40 + i * 50}" y="${100 + (i % 4) * 180}" width="30" height="140" fill="#2d4a6b"/>`).join('')}</svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/** Two faces side by side (a second person in the picture). */
export async function twoFaces(width = 1200, height = 960): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const face = await sharp(Buffer.from(faceSvg(half, height)))
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#e8eef2' } })
    .composite([
      { input: face, left: 0, top: 0 },
      { input: face, left: half, top: 0 },
    ])
    .jpeg()
    .toBuffer();
}

/** A face far away: a small portrait (`faceWidth` pixels wide) in the middle of a large plain background. */
export async function distantFace(faceWidth = 250, width = 1200, height = 1600): Promise<Buffer> {
  const faceHeight = Math.round((faceWidth * 4) / 3);
  const face = await sharp(Buffer.from(faceSvg(faceWidth, faceHeight)))
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#cfd8de' } })
    .composite([{ input: face, left: Math.floor((width - faceWidth) / 2), top: Math.floor((height - faceHeight) / 2) }])
    .jpeg()
    .toBuffer();
}
