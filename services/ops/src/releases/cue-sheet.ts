import type { Release } from '@mastering/contracts';

// The cue sheet of a release for CD replication (issue 55, deliverables): one FILE per track, in
// running order, as the zip names them, and each track's gap as a PREGAP of silence the CD writer
// inserts (so the masters themselves stay untouched). "No gap" and a 0 s gap write no PREGAP: the
// track starts at the sample after the previous one ends.

/** CD frames per second: cue sheet times are mm:ss:ff. */
const FRAMES_PER_SECOND = 75;

/** mm:ss:ff of a number of seconds, rounded to the nearest CD frame. */
export function cueTime(seconds: number): string {
  const frames = Math.round(seconds * FRAMES_PER_SECOND);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(frames / (60 * FRAMES_PER_SECOND)))}:${two(Math.floor(frames / FRAMES_PER_SECOND) % 60)}:${two(frames % FRAMES_PER_SECOND)}`;
}

/** A cue string value: cue sheets have no escape, so a double quote becomes a single one; one line only. */
const quoted = (text: string) => `"${text.replace(/"/g, "'").replace(/[\r\n]+/g, ' ')}"`;

/** The cue FILE type of a file name: MP3 and AIFF by their extension, else WAVE (WAV, and FLAC as CD tools read it). */
const fileType = (name: string) => (/\.mp3$/i.test(name) ? 'MP3' : /\.aiff?$/i.test(name) ? 'AIFF' : 'WAVE');

/** The cue sheet text of a release whose track n is the file `fileNames[n - 1]` (CRLF line ends, as CD tools expect). */
export function cueSheet(
  release: Pick<Release, 'title' | 'artist' | 'tracks'>,
  fileNames: readonly string[],
  titleOf: (track: Release['tracks'][number]) => string,
): string {
  const lines = [`PERFORMER ${quoted(release.artist)}`, `TITLE ${quoted(release.title)}`];
  release.tracks.forEach((track, i) => {
    lines.push(`FILE ${quoted(fileNames[i] ?? '')} ${fileType(fileNames[i] ?? '')}`);
    lines.push(`  TRACK ${String(i + 1).padStart(2, '0')} AUDIO`);
    lines.push(`    TITLE ${quoted(titleOf(track))}`);
    lines.push(`    PERFORMER ${quoted(release.artist)}`);
    if (track.gapSeconds) lines.push(`    PREGAP ${cueTime(track.gapSeconds)}`);
    lines.push('    INDEX 01 00:00:00');
  });
  return `${lines.join('\r\n')}\r\n`;
}
