import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_ERRORS,
  AUDIO_FORMAT_LIST,
  AUDIO_FORMAT_NAMES,
  audioFilesUpTo,
  DEFAULT_PRICING,
  MEDIA_KINDS,
} from '../src';

// Issue 52 (facts once): the audio formats and the upload size a mail or page states come from the contract
// (audio-formats.ts, DEFAULT_PRICING), never from a copy typed into a template, a seed or a page. The FAQ mail
// said "WAV, FLAC, AIFF or MP3 up to 500 MB" long after M4A was taken.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const NAME = '(?:WAV|MP3|FLAC|AIFF?|M4A|OGG)';
const EXT = '\\.(?:wav|mp3|flac|aiff?|m4a|ogg)';
const JOIN = '(?:\\s*,\\s*|\\s+or\\s+|\\s*/\\s*)';
/** Two formats or extensions in a row ("WAV, FLAC", ".wav or .mp3"), or a size in megabytes ("500 MB"): a copied fact. */
const COPIED_FACT = new RegExp(`\\b${NAME}${JOIN}${NAME}\\b|${EXT}${JOIN}${EXT}\\b|\\b\\d+\\s?MB\\b`);
/** Comment lines: what the code says about formats to its reader is not a text anybody is sent. */
const COMMENT = /^\s*(?:\/\/|\/\*|\*)/;

/** Every source file of the product (the packages, services and front ends, not their tests or builds). */
function productSources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (['node_modules', 'dist', 'test', 'testing'].includes(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(?:tsx?|html|mjml|json)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
    }
  };
  for (const top of ['packages', 'services']) {
    for (const workspace of readdirSync(path.join(ROOT, top), { withFileTypes: true })) {
      if (workspace.isDirectory()) walk(path.join(ROOT, top, workspace.name, 'src'));
    }
  }
  walk(path.join(ROOT, 'shell', 'src'));
  for (const entry of readdirSync(ROOT)) if (entry.startsWith('mf-')) walk(path.join(ROOT, entry, 'src'));
  return files.filter((file) => !file.endsWith(path.join('contracts', 'src', 'audio-formats.ts')));
}

describe('texts that name the audio formats or the size limit', () => {
  it('are derived from the contract: no source line but a comment spells them out', () => {
    const copies = productSources().flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${path.relative(ROOT, file)}:${i + 1}` }))
        .filter(({ line }) => !COMMENT.test(line) && COPIED_FACT.test(line))
        .map(({ line, at }) => `${at}: ${line.trim()}`),
    );
    expect(copies).toEqual([]);
  });

  it('name every format the upload takes, and the limit in the settings by default', () => {
    expect(AUDIO_FORMAT_LIST).toBe('WAV, MP3, FLAC, AIFF or M4A');
    expect(audioFilesUpTo()).toBe(`WAV, MP3, FLAC, AIFF or M4A files up to ${DEFAULT_PRICING.maxFileSizeMb} MB`);
    expect(audioFilesUpTo(200)).toBe('WAV, MP3, FLAC, AIFF or M4A files up to 200 MB');
    for (const text of [ANALYSIS_ERRORS.notDecodable, MEDIA_KINDS.audio]) {
      for (const name of AUDIO_FORMAT_NAMES) expect(text).toContain(name);
    }
  });
});
