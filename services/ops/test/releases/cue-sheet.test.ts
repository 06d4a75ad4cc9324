import { describe, expect, it } from 'vitest';
import { releaseEntryName, trackTitleOf, type Release } from '@mastering/contracts';
import { cueSheet, cueTime } from '../../src/releases/cue-sheet';

// Issue 55, deliverables: the CD cue sheet of a release, one FILE per numbered master, gaps as PREGAP.
const track = (number: number, originalName: string, gapSeconds: number | null) => ({
  number,
  fileId: `00000000-0000-4000-8000-00000000000${number}`,
  originalName,
  gapSeconds,
  anchor: number === 1,
  notes: null,
});

describe('the release cue sheet', () => {
  it('lists the numbered files in running order with the gap before each as a PREGAP', () => {
    const release: Pick<Release, 'title' | 'artist' | 'tracks'> = {
      title: 'Winter "Sessions"',
      artist: 'Naledi',
      tracks: [track(1, 'Opening.wav', 2), track(2, 'Into the Night.wav', null), track(3, 'Coda.flac', 1.5)],
    };
    const names = release.tracks.map((t) => releaseEntryName(t.number, t.originalName, 'wav'));
    expect(names).toEqual(['01 - Opening.wav', '02 - Into the Night.wav', '03 - Coda.wav']);
    expect(cueSheet(release, names, (t) => trackTitleOf(t.originalName)).split('\r\n')).toEqual([
      'PERFORMER "Naledi"',
      `TITLE "Winter 'Sessions'"`,
      'FILE "01 - Opening.wav" WAVE',
      '  TRACK 01 AUDIO',
      '    TITLE "Opening"',
      '    PERFORMER "Naledi"',
      '    PREGAP 00:02:00',
      '    INDEX 01 00:00:00',
      'FILE "02 - Into the Night.wav" WAVE',
      '  TRACK 02 AUDIO',
      '    TITLE "Into the Night"',
      '    PERFORMER "Naledi"',
      '    INDEX 01 00:00:00',
      'FILE "03 - Coda.wav" WAVE',
      '  TRACK 03 AUDIO',
      '    TITLE "Coda"',
      '    PERFORMER "Naledi"',
      '    PREGAP 00:01:38',
      '    INDEX 01 00:00:00',
      '',
    ]);
  });

  it('writes CD times as minutes, seconds and frames (75 a second)', () => {
    expect([cueTime(0), cueTime(2), cueTime(1.5), cueTime(65.04), cueTime(4.999)]).toEqual([
      '00:00:00',
      '00:02:00',
      '00:01:38',
      '01:05:03',
      '00:05:00',
    ]);
  });

  it('names an MP3 master’s file type MP3', () => {
    const sheet = cueSheet({ title: 'T', artist: 'A', tracks: [track(1, 'a.mp3', 0)] }, ['01 - a.mp3'], () => 'a');
    expect(sheet).toContain('FILE "01 - a.mp3" MP3');
    expect(sheet).not.toContain('PREGAP');
  });
});
