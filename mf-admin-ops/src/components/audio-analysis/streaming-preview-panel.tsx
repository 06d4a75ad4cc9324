import { StreamingPreviewTable } from '@mastering/ui';
import { useAudioFileAnalysis } from '../../api/analysis';

/**
 * What the customer will see of the master on their order page, for the engineer before delivering:
 * each platform's gain and the peaks after MP3 and AAC encoding, flagged when encoding makes overs.
 * Nothing until a master is measured (the analysis query is the panel's beside it, fetched once).
 */
export function StreamingPreviewPanel({ fileId }: { fileId: string }) {
  const preview = useAudioFileAnalysis(fileId).data?.master?.streamingPreview;
  if (!preview) return null;
  return (
    <section className="rounded-lg border border-border p-3" data-testid="admin-streaming-preview">
      <StreamingPreviewTable preview={preview} />
    </section>
  );
}
