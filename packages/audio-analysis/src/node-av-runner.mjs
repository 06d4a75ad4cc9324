// The decoder process of `npm start`: FFmpeg's libraries from the npm package node-av (no ffmpeg
// program is shipped there), run by `analyse.ts` inside the same fence as the ffmpeg program and doing
// what `ffmpeg -f <demuxer> -i <input> -filter_complex <FILTER> -f f32le pipe:1` does for it:
//   argv:   <demuxer> <decoders, comma-separated> <input: file:<path> | pipe:0> <filter graph>
//   stdout: the first audio stream's samples as interleaved little-endian float32
//   stderr: `FORMAT {...}` (JSON) once the stream is open; at the end, one line `REPORT {format, log}` (JSON): the stream as decoded, and FFmpeg's
//           log with ffmpeg's `-loglevel level+info` line prefixes, so one parser reads both logs
//   exit:   0 when the whole file was read, 1 when it could not be (the reason is in the log)
// Plain JavaScript, so that Node runs it as it is, from the sources or beside a bundled service.
import { writeSync } from 'node:fs';
import {
  Codec,
  CodecContext,
  Dictionary,
  FFmpegError,
  Filter,
  FilterGraph,
  FilterInOut,
  FormatContext,
  Frame,
  InputFormat,
  Log,
  Packet,
  avChannelLayoutDescribe,
  avGetCodecName,
  avGetSampleFmtName,
} from 'node-av/lib';
import {
  AVERROR_EAGAIN,
  AVERROR_EOF,
  AVMEDIA_TYPE_AUDIO,
  AV_LOG_INFO,
  AV_LOG_WARNING,
  AV_PKT_FLAG_CORRUPT,
  AV_SAMPLE_FMT_FLT,
} from 'node-av/constants';

const [demuxer, decoders, input, filters] = process.argv.slice(2);
const LEVELS = { 0: 'panic', 8: 'fatal', 16: 'error', 24: 'warning', 32: 'info' };
// Kept well under the caller's cap on what it reads from stderr.
const LOG_CAP = 400_000;
const END_OF_LOG = '--- end of log ---';

/** The input stream as decoded, once known. */
let format = null;
let log = '';
let logEnded;
const logDone = new Promise((resolve) => (logEnded = resolve));

// FFmpeg's messages arrive asynchronously (queued to this thread) and in order; the last one is ours.
Log.setLevel(AV_LOG_INFO);
Log.setCallback(
  (level, message) => {
    if (message.includes(END_OF_LOG)) return logEnded();
    if (log.length > LOG_CAP) return;
    // Like ffmpeg's own log: the level before each message (node-av hands them over without their newline).
    log += `[${LEVELS[level] ?? 'info'}] ${message}\n`;
  },
  { maxLevel: AV_LOG_INFO },
);

const note = (level, text) => Log.log(level, `${text}\n`);
const check = (ret, what) => {
  if (ret < 0 && ret !== AVERROR_EAGAIN && ret !== AVERROR_EOF)
    throw new Error(`${what}: ${new FFmpegError(ret).message}`);
  return ret;
};

/** Opens the input with the one demuxer the bytes were sniffed as, reading only local files or the pipe. */
function openInput() {
  const inputFormat = InputFormat.findInputFormat(demuxer);
  if (!inputFormat) throw new Error(`this FFmpeg has no ${demuxer} demuxer`);
  const context = new FormatContext();
  const options = Dictionary.fromObject({
    format_whitelist: demuxer,
    codec_whitelist: decoders,
    protocol_whitelist: 'file,pipe',
  });
  check(context.openInputSync(input, inputFormat, options), `${input}: opening`);
  check(context.findStreamInfoSync(), `${input}: reading the stream information`);
  return context;
}

/** `asplit ... [meter] ... aformat` between an abuffer fed with the decoder's frames and an abuffersink. */
function buildGraph(decoder) {
  const graph = new FilterGraph();
  graph.alloc();
  const layout = avChannelLayoutDescribe(decoder.channelLayout);
  const args = `time_base=1/${decoder.sampleRate}:sample_rate=${decoder.sampleRate}:sample_fmt=${avGetSampleFmtName(decoder.sampleFormat)}:channel_layout=${layout}`;
  const source = graph.createFilter(Filter.getByName('abuffer'), 'in', args);
  const sink = graph.createFilter(Filter.getByName('abuffersink'), 'out', null);
  if (!source || !sink) throw new Error('could not create the filter graph ends');
  const outputs = FilterInOut.createList([{ name: 'in', filterCtx: source, padIdx: 0 }]);
  const inputs = FilterInOut.createList([{ name: 'out', filterCtx: sink, padIdx: 0 }]);
  check(graph.parse(filters, inputs, outputs), 'parsing the filter graph');
  check(graph.configSync(), 'configuring the filter graph');
  return { graph, source, sink };
}

function writeSamples(frame) {
  if (frame.format !== AV_SAMPLE_FMT_FLT) throw new Error('the filter graph must end in interleaved float samples');
  writeSync(1, frame.toBuffer());
}

async function analyse() {
  const formatContext = openInput();
  const index = formatContext.findBestStream(AVMEDIA_TYPE_AUDIO);
  const stream = index >= 0 ? formatContext.streams?.[index] : undefined;
  if (!stream) throw new Error(`${input}: no audio stream`);
  const codecpar = stream.codecpar;
  const codec = Codec.findDecoder(codecpar.codecId);
  if (!codec) throw new Error(`${input}: no decoder for ${avGetCodecName(codecpar.codecId)}`);
  const decoder = new CodecContext();
  decoder.allocContext3(codec);
  check(decoder.parametersToContext(codecpar), 'copying the stream parameters');
  // Set on the context, not passed as open options: those are consumed by FFmpeg, which node-av then frees twice.
  check(decoder.setOption('codec_whitelist', decoders), 'setting the codec whitelist');
  check(decoder.open2Sync(codec, null), `opening the ${codec.name} decoder`);
  format = {
    codec: avGetCodecName(codecpar.codecId),
    sampleRate: decoder.sampleRate,
    channels: decoder.channelLayout.nbChannels,
    sampleFormat: avGetSampleFmtName(decoder.sampleFormat),
    rawBits: codecpar.bitsPerRawSample > 0 ? codecpar.bitsPerRawSample : null,
  };
  // Said at once (the REPORT comes at the end): a reader of the samples needs the channel count first.
  writeSync(2, `FORMAT ${JSON.stringify(format)}\n`);
  const { graph, source, sink } = buildGraph(decoder);
  const packet = new Packet();
  packet.alloc();
  const frame = new Frame();
  frame.alloc();
  const filtered = new Frame();
  filtered.alloc();

  const drainSink = () => {
    while (check(sink.buffersinkGetFrameSync(filtered), 'filtering') >= 0) {
      writeSamples(filtered);
      filtered.unref();
    }
  };
  const drainDecoder = () => {
    for (;;) {
      const ret = decoder.receiveFrameSync(frame);
      if (ret === AVERROR_EAGAIN || ret === AVERROR_EOF) return;
      if (ret < 0) return note(16, `Error while decoding stream #0:${index}: ${new FFmpegError(ret).message}`);
      check(source.buffersrcAddFrameSync(frame), 'filtering');
      frame.unref();
      drainSink();
    }
  };

  let ok = true;
  for (;;) {
    const ret = formatContext.readFrameSync(packet);
    if (ret === AVERROR_EOF) break;
    if (ret < 0) {
      // As the ffmpeg program does: a read error ends the input, and is logged as an error.
      note(16, `${input}: ${new FFmpegError(ret).message}`);
      ok = false;
      break;
    }
    if (packet.streamIndex === index) {
      if (packet.flags & AV_PKT_FLAG_CORRUPT) note(AV_LOG_WARNING, `${input}: corrupt input packet in stream ${index}`);
      const sent = decoder.sendPacketSync(packet);
      if (sent < 0 && sent !== AVERROR_EAGAIN)
        note(16, `Error while decoding stream #0:${index}: ${new FFmpegError(sent).message}`);
      drainDecoder();
    }
    packet.unref();
  }
  decoder.sendPacketSync(null);
  drainDecoder();
  check(source.buffersrcAddFrameSync(null), 'filtering');
  drainSink();
  // Freeing the graph makes ebur128 log its summary.
  graph.free();
  formatContext.closeInputSync();
  return ok;
}

let ok = false;
try {
  ok = await analyse();
} catch (err) {
  note(16, err instanceof Error ? err.message : String(err));
}
note(AV_LOG_INFO, END_OF_LOG);
// FFmpeg's queued messages do not keep Node running; this does, until the last one is in.
const keepAlive = setInterval(() => undefined, 60_000);
await logDone;
clearInterval(keepAlive);
Log.setCallback(null);
writeSync(2, `REPORT ${JSON.stringify({ format, log })}\n`);
process.exitCode = ok ? 0 : 1;
