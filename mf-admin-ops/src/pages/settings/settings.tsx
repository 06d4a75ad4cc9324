import { PagePlaceholder } from '@mastering/ui';

/** Settings: not built yet. */
export default function SettingsPage() {
  return <PagePlaceholder data-testid="page-settings" title="Settings" description="General, pricing, security and email settings, and the system status." />;
}
