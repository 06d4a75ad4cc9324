import { AudioWaveform } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useStudio } from '../api/site-config';

/** The studio's logo and name, linking home. */
export function Brand() {
  const { siteName } = useStudio();
  return (
    <Link
      to="/"
      className="flex items-center gap-2.5 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex size-9 items-center justify-center rounded-lg bg-gradient-to-br from-primary to-brand-2 text-primary-foreground shadow-md shadow-primary/30">
        <AudioWaveform className="size-5" aria-hidden />
      </span>
      <span className="whitespace-nowrap text-lg font-bold tracking-tight">{siteName}</span>
    </Link>
  );
}
