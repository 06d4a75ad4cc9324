export type CoverOptions = {
  title: string;
  artist: string;
  genre: string;
  /** Two CSS colours for the diagonal background gradient. */
  colors: [string, string];
  /** Waveform heights in [0, 1], drawn as bars across the middle. */
  waveform: number[];
};

/** Square SVG cover art: genre label, a waveform of the track, title and artist. */
export function renderCover({ title, artist, genre, colors, waveform }: CoverOptions): string {
  const size = 600;
  const barWidth = (size - 80) / waveform.length;
  const bars = waveform
    .map((height, i) => {
      const h = Math.max(4, Math.round(height * 180));
      const x = (40 + i * barWidth).toFixed(1);
      return `<rect x="${x}" y="${250 - h / 2}" width="${(barWidth * 0.6).toFixed(1)}" height="${h}" rx="2"/>`;
    })
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escapeXml(`${title} by ${artist}`)}">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>`,
    `<rect width="${size}" height="${size}" fill="url(#bg)"/>`,
    `<circle cx="480" cy="120" r="180" fill="#ffffff" opacity="0.07"/>`,
    `<g fill="#ffffff" opacity="0.85">${bars}</g>`,
    `<g font-family="Inter, Helvetica, Arial, sans-serif" fill="#ffffff">`,
    `<text x="40" y="70" font-size="20" font-weight="600" letter-spacing="6" opacity="0.85">${escapeXml(genre.toUpperCase())}</text>`,
    `<text x="40" y="500" font-size="44" font-weight="800">${escapeXml(title)}</text>`,
    `<text x="40" y="548" font-size="26" opacity="0.85">${escapeXml(artist)}</text>`,
    `</g></svg>`,
  ].join('');
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}
