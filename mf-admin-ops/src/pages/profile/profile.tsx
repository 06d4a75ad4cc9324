import { SCREEN_TITLES } from '@mastering/contracts';
import { PagePlaceholder } from '@mastering/ui';
import { useParams } from 'react-router-dom';

/** Customer profile (admin view): not built yet. */
export default function ProfilePage() {
  const { userId } = useParams();
  return (
    <PagePlaceholder
      data-testid="page-profile"
      title={SCREEN_TITLES.profile}
      description={`The admin view of customer ${userId ?? ''}: details, orders, audio files and quick actions.`}
    />
  );
}
