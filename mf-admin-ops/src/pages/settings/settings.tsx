import { SCREEN_TITLES } from '@mastering/contracts';
import { PagePlaceholder } from '@mastering/ui';

/** Settings: not built yet. */
export default function SettingsPage() {
  return <PagePlaceholder data-testid="page-settings" title={SCREEN_TITLES.settings} description="General, pricing, security and email settings, and the system status." />;
}
