const BY_EXTENSION: Record<string, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  flac: 'audio/flac',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
  m4a: 'audio/mp4',
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
