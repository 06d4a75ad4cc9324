import type { MasterVersionView } from '@mastering/contracts';
import { StreamingPreviewTable } from '@mastering/ui/core';

/**
 * How streaming platforms will play this master (the gain each applies, whether it is turned down)
 * and its peaks after MP3 and AAC encoding; nothing until the master has been measured. The player
 * above plays it as Spotify would (its Level choice).
 */
export function StreamingPreview({ master }: { master: MasterVersionView }) {
  if (!master.streamingPreview) return null;
  return (
    <div className="rounded-lg border border-border p-3">
      <StreamingPreviewTable preview={master.streamingPreview} />
    </div>
  );
}
