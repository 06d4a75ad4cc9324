// The audio formats a track may be uploaded in, named once: the browsers' file pickers, the upload
// checks, the sniffer's answers and every message that lists them are derived from AUDIO_FORMATS.

/**
 * The audio formats an upload may be (storefront spec §5, in its order), as its first bytes show them
 * (never its name or declared type): the extension its stored name is given and the content type it
 * is served with.
 */
export const AUDIO_FORMATS = {
  wav: { ext: '.wav', contentType: 'audio/wav' },
  mp3: { ext: '.mp3', contentType: 'audio/mpeg' },
  flac: { ext: '.flac', contentType: 'audio/flac' },
  aiff: { ext: '.aiff', contentType: 'audio/aiff' },
  m4a: { ext: '.m4a', contentType: 'audio/mp4' },
} as const;
export type AudioFormat = keyof typeof AUDIO_FORMATS;

const FORMATS = Object.keys(AUDIO_FORMATS) as AudioFormat[];

/** Extensions accepted besides any audio/* type (storefront spec §5): ['.wav', '.mp3', '.flac', '.aiff', '.m4a']. */
export const AUDIO_EXTENSIONS: readonly string[] = FORMATS.map((f) => AUDIO_FORMATS[f].ext);

/** The `accept` attribute of every audio file picker: any audio type or one of the extensions. */
export const AUDIO_FILE_ACCEPT = ['audio/*', ...AUDIO_EXTENSIONS].join(',');

/** The formats' names as people say them: ['WAV', 'MP3', 'FLAC', 'AIFF', 'M4A']. */
export const AUDIO_FORMAT_NAMES: readonly string[] = FORMATS.map((f) => f.toUpperCase());

/** "a, b or c"; with `serialComma` (as the spec's own text has it) "a, b, or c". */
export function orList(items: readonly string[], { serialComma = false } = {}): string {
  if (items.length < 2) return items.join('');
  const comma = serialComma && items.length > 2 ? ',' : '';
  return `${items.slice(0, -1).join(', ')}${comma} or ${items.at(-1)}`;
}

/** The formats as a sentence names them: "WAV, MP3, FLAC, AIFF or M4A" (every text that lists them says this). */
export const AUDIO_FORMAT_LIST = orList(AUDIO_FORMAT_NAMES);

/** True for a file the upload form accepts: an audio/* type or a known audio extension (any case). */
export function isAcceptedAudioFile(file: { name: string; type?: string | null }): boolean {
  if (file.type?.startsWith('audio/')) return true;
  const name = file.name.toLowerCase();
  return AUDIO_EXTENSIONS.some((ext) => name.endsWith(ext));
}

/** The audio format whose content type this is (what a sniffed upload records), or null. */
export function audioFormatOfType(contentType: string | null | undefined): AudioFormat | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return FORMATS.find((f) => AUDIO_FORMATS[f].contentType === type) ?? null;
}

/** `name` with its extension replaced by the format's ("mix.txt" -> "mix.wav", "mix" -> "mix.wav"). */
export function withAudioExtension(name: string, format: AudioFormat): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return `${stem}${AUDIO_FORMATS[format].ext}`;
}
