// When each track of a release starts in the order page's player (issue 55): in running order, with the
// gap chosen before each, and gaplessly for "no gap": the next track starts at the very sample after the
// previous one's last. Counted in whole samples of the audio context (decoded buffers are at its rate),
// so nothing drifts however many tracks follow; Web Audio's `start(when)` takes the seconds.

/** A track to schedule: its length in sample frames at the context's rate, and the gap before it. */
export type ScheduleTrack = { frames: number; gapSeconds: number | null };

/** One track's place in time: when it starts and when its last sample has played (context seconds). */
export type ScheduledTrack = { startsAt: number; endsAt: number; startFrame: number; endFrame: number };

/**
 * The start and end of each track from `fromTrack` on, the first of them starting at `startAt` (context
 * seconds): its own gap is not waited for, since playback begins there; every later track waits its gap
 * (none for "no gap" or 0 s) after the previous one ends. End frames are exclusive: a track ending at
 * frame n is followed gaplessly by one starting at frame n.
 */
export function scheduleRelease(
  tracks: readonly ScheduleTrack[],
  sampleRate: number,
  startAt: number,
  fromTrack = 0,
): ScheduledTrack[] {
  let cursor = Math.round(startAt * sampleRate);
  return tracks.slice(fromTrack).map((track, i) => {
    if (i > 0 && track.gapSeconds) cursor += Math.round(track.gapSeconds * sampleRate);
    const startFrame = cursor;
    cursor += track.frames;
    return { startFrame, endFrame: cursor, startsAt: startFrame / sampleRate, endsAt: cursor / sampleRate };
  });
}

/** The track playing (or waiting its gap) at context time `now`, as an index into the schedule; -1 before, length after. */
export function trackAt(schedule: readonly ScheduledTrack[], now: number): number {
  if (schedule.length === 0 || now < schedule[0]!.startsAt) return -1;
  const i = schedule.findIndex((t) => now < t.endsAt);
  return i === -1 ? schedule.length : i;
}
