import { STREAMING_PREVIEW_TEXTS as T, type StreamingPreview } from '@mastering/contracts';
import { Badge } from './badge';

const signed = (db: number) => `${db > 0 ? '+' : ''}${db.toFixed(1)} dB`;

/**
 * A master's streaming preview: each platform's reference level, the gain it applies and whether it
 * turns the master down; then its true peak after MP3 and AAC encoding, with the overs counted and a
 * flag when encoding clips. One rendering for the customer's order page and the engineer's dialog.
 */
export function StreamingPreviewTable({ preview }: { preview: StreamingPreview }) {
  return (
    <div className="space-y-3 text-sm" data-testid="streaming-preview">
      <table className="w-full text-left tabular-nums">
        <caption className="mb-1 text-left font-semibold">{T.heading}</caption>
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col">{T.platform}</th>
            <th scope="col">{T.reference}</th>
            <th scope="col">{T.gain}</th>
            <th scope="col">{T.turnedDown}</th>
          </tr>
        </thead>
        <tbody>
          {preview.platforms.map((p) => (
            <tr key={p.platform} data-testid="streaming-platform" data-platform={p.platform}>
              <th scope="row" className="font-medium">
                {p.platform}
              </th>
              <td>{p.targetLufs} LUFS</td>
              <td data-testid="streaming-gain">{signed(p.gainDb)}</td>
              <td>{p.turnedDown ? 'Yes' : 'No'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="space-y-1">
        <p className="font-semibold">{T.codecHeading}</p>
        {preview.codecs.length === 0 && <p className="text-muted-foreground">{T.codecNotMeasured}</p>}
        <ul className="space-y-0.5">
          {preview.codecs.map((c) => (
            <li key={c.codec} data-testid="streaming-codec" data-codec={c.codec} className="flex items-center gap-2">
              <span className="font-medium">{c.label}</span>
              <span>{c.truePeakDbtp === null ? '–' : `${c.truePeakDbtp.toFixed(1)} dBTP`}</span>
              <Badge variant={c.overs > 0 ? 'warning' : 'success'}>{T.overs(c.overs)}</Badge>
            </li>
          ))}
        </ul>
        {preview.oversAfterEncoding && (
          <p role="note" className="text-amber-800 dark:text-warning" data-testid="streaming-overs-flag">
            {T.oversFlag}
          </p>
        )}
      </div>
    </div>
  );
}
