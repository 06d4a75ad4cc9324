import { useState } from 'react';
import { displayName, formatOrderDate, initials, SCREEN_TITLES, USER_TEXTS, type User } from '@mastering/contracts';
import {
  Button,
  Card,
  CardContent,
  Dialog,
  failedLoad,
  LoadError,
  ScreenHeader,
  serverErrorText,
  toast,
} from '@mastering/ui';
import { ExternalLink, Pencil, Trash2, UserPlus } from 'lucide-react';
import { useCurrentUser, useUserMutations, useUsers } from '../../api/users';
import { ActiveBadge, RoleBadge } from '../../components/badges';
import { ListSkeleton } from '../../components/screen';
import { UserFormDialog } from './user-form-dialog';

/** User Management: user cards with role and status; create, edit, delete (never yourself) and the profile in a new tab. */
export default function UsersPage() {
  const list = useUsers();
  const { data: users, isLoading } = list;
  const failed = failedLoad(list, 'the users');
  const me = useCurrentUser();
  const { remove } = useUserMutations();
  const [editing, setEditing] = useState<User | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<User | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => (toast({ title: USER_TEXTS.deleted }), setDeleting(null)),
      onError: (e) =>
        toast({ title: USER_TEXTS.deleteFailed(serverErrorText(e, 'unknown error')), variant: 'destructive' }),
    });
  };

  return (
    <div data-testid="page-users" className="mx-auto w-full max-w-6xl space-y-6">
      <ScreenHeader
        title={SCREEN_TITLES.users}
        description="Customers, engineers and administrators, their roles and whether they may sign in."
      >
        <Button onClick={() => setCreating(true)} data-testid="user-create">
          <UserPlus aria-hidden />
          Create User
        </Button>
      </ScreenHeader>

      {isLoading ? (
        <div>
          <p className="mb-3 text-sm text-muted-foreground">{USER_TEXTS.loading}</p>
          <ListSkeleton />
        </div>
      ) : failed ? (
        <LoadError {...failed} />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {users?.map((user) => {
            const name = displayName(user);
            const self = me?.id === user.id;
            return (
              <Card key={user.id} data-testid="user-card">
                <CardContent className="flex gap-4 pt-6">
                  <span
                    className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/15 font-semibold text-primary"
                    aria-hidden
                  >
                    {initials(name)}
                  </span>
                  <div className="min-w-0 flex-1 space-y-2">
                    <div>
                      <p className="truncate font-semibold" data-testid="user-name">
                        {name}
                        {self && <span className="ml-2 text-xs font-normal text-muted-foreground">(you)</span>}
                      </p>
                      <p className="truncate text-sm text-muted-foreground">{user.email}</p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <RoleBadge role={user.role} />
                      <ActiveBadge active={user.isActive === 'true'} />
                    </div>
                    <p className="text-xs text-muted-foreground">Joined {formatOrderDate(user.createdAt)}</p>
                    <div className="flex gap-1">
                      <a
                        href={`/profile/${user.id}?admin=true`}
                        target="_blank"
                        rel="noopener"
                        className="inline-flex size-9 items-center justify-center rounded-md hover:bg-accent"
                        aria-label={`View ${name}'s profile`}
                      >
                        <ExternalLink className="size-4" aria-hidden />
                      </a>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Edit ${name}`}
                        onClick={() => setEditing(user)}
                        data-testid="user-edit"
                      >
                        <Pencil aria-hidden />
                      </Button>
                      {!self && (
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Delete ${name}`}
                          onClick={() => setDeleting(user)}
                          data-testid="user-delete"
                        >
                          <Trash2 aria-hidden />
                        </Button>
                      )}
                    </div>
                  </div>
                </CardContent>
              </Card>
            );
          })}
        </div>
      )}

      <UserFormDialog
        open={creating || !!editing}
        user={editing}
        onClose={() => (setCreating(false), setEditing(null))}
      />
      <Dialog open={!!deleting} onClose={() => setDeleting(null)} title="Delete User" data-testid="user-delete-dialog">
        <p className="text-sm">{deleting && USER_TEXTS.confirmDelete(displayName(deleting))}</p>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="outline" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            onClick={confirmDelete}
            disabled={remove.isPending}
            data-testid="user-delete-confirm"
          >
            Delete
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
