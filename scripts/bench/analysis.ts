// `npm run bench:analysis`: how fast the audio analysis runs and how much memory it takes, on a
// 10-minute 44.1 kHz 16-bit stereo WAV generated here (figures only, no thresholds; aim: 100x real time).
// Two runs: ffmpeg reading the file itself (the local storage driver) and the file piped through this
// process (the S3 driver's path). Prints seconds of analysis per minute of audio and the real-time
// factor (wall clock, and ffmpeg's own CPU time, which does not depend on what else the machine runs),
// ffmpeg's peak RSS (VmHWM) and this process's RSS growth, both sampled while the analysis runs.
// Then the mix check of an upload before payment (issue 54) on a 50 MB and a 500 MB WAV: the time from
// the stored file to the report, against its goals (10 s and 60 s), with the bounded limits it runs under.
import { createReadStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analyseAudio, checkMix, UNPAID_CHECK_LIMITS, type AudioSource } from '@mastering/audio-analysis';
import { writeLongWav } from '@mastering/audio-analysis/testing';
import { MB } from '../lib/bench-harness';

const MINUTES = Number(process.env.BENCH_ANALYSIS_MINUTES ?? 10);

const TICKS_PER_SECOND = 100; // Linux USER_HZ, the unit of utime and stime in /proc/<pid>/stat

/**
 * Samples every 20 ms, until stopped: the peak resident memory (kB) and CPU seconds of this process's
 * children (ffmpeg), and this process's own RSS growth in MB.
 */
function watch() {
  const rssBefore = process.memoryUsage().rss;
  let peakKb = 0;
  let cpuSeconds = 0;
  let rssPeak = rssBefore;
  const sample = () => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    try {
      for (const pid of readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)) {
        const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
        // Fields after the command name: utime and stime are the 12th and 13th.
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        cpuSeconds = Math.max(cpuSeconds, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
      }
    } catch {
      // A child that just exited; the figures of its last sample stand.
    }
  };
  const timer = setInterval(sample, 20);
  return () => {
    clearInterval(timer);
    sample();
    return { ffmpegPeakMb: peakKb / 1024, ffmpegCpuSeconds: cpuSeconds, rssGrowthMb: (rssPeak - rssBefore) / MB };
  };
}

const work = mkdtempSync(path.join(tmpdir(), 'mastering-bench-analysis-'));
try {
  const file = path.join(work, 'ten-minutes.wav');
  // Two tones (the meter's cost does not depend on the music, only on the samples).
  const size = await writeLongWav(
    file,
    (t) => 0.3 * Math.sin(2 * Math.PI * 220 * t) + 0.2 * Math.sin(2 * Math.PI * 1_760 * t),
    MINUTES * 60,
    {
      sampleRate: 44_100,
      channels: 2,
    },
  );
  console.log(`Audio analysis benchmark: ${MINUTES} min of 44.1 kHz 16-bit stereo WAV (${(size / MB).toFixed(1)} MB)`);
  console.log(
    `Decoder: ${process.env.FFMPEG_PATH ? `the ffmpeg program at ${process.env.FFMPEG_PATH}` : 'FFmpeg from node-av (set FFMPEG_PATH to time an ffmpeg program)'}`,
  );

  const runs: [string, () => AudioSource][] = [
    ['ffmpeg reads the file (local storage)', () => ({ path: file })],
    ['piped through Node (S3 storage)', () => ({ stream: createReadStream(file) })],
  ];
  for (const [label, source] of runs) {
    const stop = watch();
    const started = process.hrtime.bigint();
    const result = await analyseAudio(source());
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const { ffmpegPeakMb, ffmpegCpuSeconds, rssGrowthMb } = stop();
    if (result.status !== 'ok') throw new Error(`analysis failed: ${result.errorReason}`);
    console.log(`\n${label}`);
    console.log(
      `  ${result.integratedLufs} LUFS, true peak ${result.truePeakDbtp} dBTP, LRA ${result.loudnessRangeLu} LU, ${result.durationSeconds} s`,
    );
    console.log(
      `  wall clock: ${seconds.toFixed(2)} s = ${(seconds / MINUTES).toFixed(3)} s per minute of audio = ${((MINUTES * 60) / seconds).toFixed(0)}x real time`,
    );
    console.log(
      `  ffmpeg CPU: ${ffmpegCpuSeconds.toFixed(2)} s = ${(ffmpegCpuSeconds / MINUTES).toFixed(3)} s per minute of audio = ${((MINUTES * 60) / ffmpegCpuSeconds).toFixed(0)}x real time`,
    );
    console.log(
      `  memory: ffmpeg peak RSS ${ffmpegPeakMb.toFixed(0)} MB, this process's RSS growth ${rssGrowthMb.toFixed(0)} MB (file ${(size / MB).toFixed(0)} MB)`,
    );
  }

  // The mix check: 44.1 kHz 16-bit stereo, sized to 50 MB and 500 MB (BENCH_MIX_SIZES_MB to change).
  const sizes = (process.env.BENCH_MIX_SIZES_MB ?? '50,500').split(',').map(Number);
  const goals: Record<number, number> = { 50: 10, 500: 60 };
  const bytesPerSecond = 44_100 * 2 * 2;
  for (const mb of sizes) {
    const wav = path.join(work, `mix-${mb}.wav`);
    const seconds = Math.round((mb * MB) / bytesPerSecond);
    // A tone with a clipped stretch, so every finding has something to measure.
    const bytes = await writeLongWav(
      wav,
      (t) => 0.4 * Math.sin(2 * Math.PI * 220 * t) + 0.3 * Math.sin(2 * Math.PI * 3_520 * t),
      seconds,
      {
        sampleRate: 44_100,
        channels: 2,
      },
    );
    const stop = watch();
    const started = process.hrtime.bigint();
    const { analysis, report } = await checkMix({ path: wav }, UNPAID_CHECK_LIMITS);
    const took = Number(process.hrtime.bigint() - started) / 1e9;
    const { ffmpegPeakMb, ffmpegCpuSeconds, rssGrowthMb } = stop();
    if (!report) throw new Error(`mix check failed: ${analysis.errorReason}`);
    const goal = goals[mb];
    console.log(`\nMix check of a ${(bytes / MB).toFixed(0)} MB WAV (${(seconds / 60).toFixed(1)} min)`);
    console.log(
      `  report in ${took.toFixed(2)} s${goal ? ` (goal ${goal} s: ${took <= goal ? 'met' : 'MISSED'})` : ''}; decoder CPU ${ffmpegCpuSeconds.toFixed(2)} s, peak RSS ${ffmpegPeakMb.toFixed(0)} MB; this process's RSS growth ${rssGrowthMb.toFixed(0)} MB`,
    );
    console.log(`  findings: ${report.findings.map((f) => `${f.check} ${f.severity}`).join(', ')}`);
    rmSync(wav, { force: true });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
