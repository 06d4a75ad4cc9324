import type { SiteConfig } from '@mastering/contracts';

/** The lines that say who the studio is (ECTA s43): legal name, registration, VAT, address, phone, email. */
export function identityLines(config: Pick<SiteConfig, 'siteName' | 'supportEmail' | 'studio'>): string[] {
  const { legalName, registrationNumber, vatNumber, vatVendor, physicalAddress, phone } = config.studio;
  return [
    legalName || config.siteName,
    registrationNumber && `Registration number ${registrationNumber}`,
    vatVendor && vatNumber ? `VAT number ${vatNumber}` : '',
    physicalAddress,
    phone && `Phone ${phone}`,
    `Email ${config.supportEmail}`,
  ].filter(Boolean);
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
