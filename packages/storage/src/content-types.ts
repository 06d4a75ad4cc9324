import { AUDIO_FORMATS } from '@mastering/contracts';

const BY_EXTENSION: Record<string, string> = {
  // The upload formats as AUDIO_FORMATS serves them, plus the other names and formats showcase media may have.
  ...Object.fromEntries(Object.values(AUDIO_FORMATS).map((f) => [f.ext.slice(1), f.contentType])),
  aif: 'audio/aiff',
  ogg: 'audio/ogg',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  pdf: 'application/pdf',
};

/** The content type implied by a key's extension (case-insensitive), or undefined when unknown. */
export function contentTypeFromKey(key: string): string | undefined {
  const dot = key.lastIndexOf('.');
  if (dot < 0 || dot < key.lastIndexOf('/')) return undefined;
  return BY_EXTENSION[key.slice(dot + 1).toLowerCase()];
}
