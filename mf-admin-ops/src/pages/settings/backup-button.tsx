import { useState } from 'react';
import { formatBytes } from '@mastering/contracts';
import { Button, serverErrorText, toast } from '@mastering/ui';
import { DatabaseBackup } from 'lucide-react';
import { useBackupDatabase } from '../../api/settings';

/** What the button says: its name, "Preparing backup..." until the first bytes, then how much has arrived. */
export const backupButtonLabel = (pending: boolean, bytes: number) =>
  !pending ? 'Backup Database' : bytes === 0 ? 'Preparing backup...' : `Downloading ${formatBytes(bytes)}...`;

/** Settings → System Actions: Backup Database downloads a pg_dump archive of the database (admin only, audited). */
export function BackupDatabaseButton() {
  const [bytes, setBytes] = useState(0);
  const backup = useBackupDatabase(setBytes);
  const start = () => {
    setBytes(0);
    backup.mutate(undefined, {
      onSuccess: ({ fileName, bytes: size }) =>
        toast({ title: 'Backup downloaded', description: `${fileName} (${formatBytes(size)})` }),
      onError: (e) =>
        toast({
          title: 'Could not back up the database',
          description: serverErrorText(e, 'Try again.'),
          variant: 'destructive',
        }),
    });
  };
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={start}
      disabled={backup.isPending}
      aria-live="polite"
      data-testid="backup-database"
    >
      <DatabaseBackup aria-hidden />
      {backupButtonLabel(backup.isPending, bytes)}
    </Button>
  );
}
