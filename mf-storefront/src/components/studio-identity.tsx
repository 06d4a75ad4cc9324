import { type SiteConfig, studioIdentityLines } from '@mastering/contracts';

/** The lines that say who the studio is (ECTA s43): legal name, registration, VAT, address, phone, email. */
export function identityLines(config: Pick<SiteConfig, 'siteName' | 'supportEmail' | 'studio'>): string[] {
  const { studio } = config;
  return [studio.legalName || config.siteName, ...studioIdentityLines({ ...studio, email: config.supportEmail })];
}

/** The studio's identity as a small address block (footer, checkout). */
export function StudioIdentity({
  config,
  className,
}: {
  config: Pick<SiteConfig, 'siteName' | 'supportEmail' | 'studio'>;
  className?: string;
}) {
  return (
    <address className={className ?? 'text-sm not-italic text-muted-foreground'} data-testid="studio-identity">
      {identityLines(config).map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
