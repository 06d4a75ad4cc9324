import { STUDIO_IDENTITY_TEXTS } from '@mastering/contracts';
import { buttonVariants, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@mastering/ui';
import { ArrowRight, Building2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useMe } from '../../api/orders';
import { useSettings } from '../../api/settings';

/**
 * Asks an admin to confirm the studio's identity (issue 50 Deliver 7) until one switched on "Identity
 * confirmed" in Settings → General: until then the site names the studio with defaults (the spec's
 * Johannesburg line) that no one has checked. Engineers cannot change settings, so they are not asked.
 */
export function StudioIdentityPrompt() {
  const isAdmin = useMe()?.role === 'admin';
  const { data } = useSettings({ enabled: isAdmin });
  if (!isAdmin || !data || data.general.studioIdentityConfirmed) return null;
  return (
    <Card className="border-warning/60" data-testid="studio-identity-prompt">
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="flex gap-3">
          <Building2 className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
          <div className="space-y-1.5">
            <CardTitle>{STUDIO_IDENTITY_TEXTS.promptTitle}</CardTitle>
            <CardDescription>{STUDIO_IDENTITY_TEXTS.prompt}</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent>
        <Link to="/admin/settings" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          {STUDIO_IDENTITY_TEXTS.promptLink}
          <ArrowRight aria-hidden />
        </Link>
      </CardContent>
    </Card>
  );
}
