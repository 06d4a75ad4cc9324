import {
  CUSTOMER_NOT_FOUND,
  displayName,
  EMPTY_TEXTS,
  formatMegabytes,
  formatOrderDate,
  formatRand,
  initials,
  shortIdTail,
} from '@mastering/contracts';
import {
  ApiError,
  Badge,
  Button,
  buttonVariants,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  failedLoad,
  LoadError,
  Skeleton,
} from '@mastering/ui';
import { ArrowLeft, FileAudio, Mail, ShoppingCart, UserX } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { useUser, useUserFiles, useUserOrders } from '../../api/users';
import { ActiveBadge, RoleBadge } from '../../components/badges';
import { ListStates } from '../../components/screen';
import { OrderStatusBadge } from '../dashboard/order-status-badge';

/** The admin view of a customer profile (opened in a new tab from User Management): details, orders, files and quick actions. */
export default function ProfilePage() {
  const { userId = '' } = useParams();
  const user = useUser(userId);
  const orders = useUserOrders(userId);
  const files = useUserFiles(userId);
  // Back closes the tab it was opened in; a tab typed in by hand has nowhere to close to, so it goes back.
  const back = () => (window.opener ? window.close() : window.history.back());

  if (user.error instanceof ApiError && (user.error.status === 404 || user.error.status === 400)) {
    return (
      <div data-testid="page-profile" className="mx-auto w-full max-w-4xl p-6">
        <EmptyState
          icon={UserX}
          title={CUSTOMER_NOT_FOUND}
          description="No user has this id."
          data-testid="profile-not-found"
        />
      </div>
    );
  }
  const u = user.data;
  const name = u ? displayName(u) : '';
  const userFailed = failedLoad(user, 'this profile');
  return (
    <div data-testid="page-profile" className="mx-auto w-full max-w-5xl space-y-6 p-4 md:p-6">
      <div className="flex items-center justify-between gap-4">
        <Button variant="outline" onClick={back}>
          <ArrowLeft aria-hidden />
          Back
        </Button>
        <Badge variant="secondary">Admin View</Badge>
      </div>

      <Card>
        <CardContent className="flex flex-wrap items-center gap-4 pt-6">
          {userFailed ? (
            <LoadError {...userFailed} className="w-full" />
          ) : u ? (
            <>
              <span
                className="flex size-14 items-center justify-center rounded-full bg-primary/15 text-lg font-semibold text-primary"
                aria-hidden
              >
                {initials(name)}
              </span>
              <div className="min-w-0 flex-1">
                <h1 className="truncate text-xl font-bold" data-testid="profile-name">
                  {name}
                </h1>
                <p className="truncate text-sm text-muted-foreground">{u.email}</p>
                <p className="text-xs text-muted-foreground">Joined {formatOrderDate(u.createdAt)}</p>
              </div>
              <div className="flex gap-2">
                <RoleBadge role={u.role} />
                <ActiveBadge active={u.isActive === 'true'} />
              </div>
            </>
          ) : (
            <Skeleton className="h-14 w-full" />
          )}
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>Orders</CardTitle>
            </CardHeader>
            <CardContent>
              <ListStates
                query={orders}
                what="the customer's orders"
                rows={(d) => d}
                empty={EMPTY_TEXTS.profileOrders}
                emptyClassName="py-6"
              >
                {(rows) => (
                  <ul className="divide-y divide-border" data-testid="profile-orders">
                    {rows.map((o) => (
                      <li key={o.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
                        <span className="font-mono">#{shortIdTail(o.id)}</span>
                        <OrderStatusBadge status={o.status} />
                        <span className="flex-1 text-right tabular-nums">{formatRand(o.total)}</span>
                        <span className="w-40 text-right text-muted-foreground">{formatOrderDate(o.createdAt)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </ListStates>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Audio Files</CardTitle>
            </CardHeader>
            <CardContent>
              <ListStates
                query={files}
                what="the customer's audio files"
                rows={(d) => d}
                empty="No audio files yet"
                emptyClassName="py-6"
              >
                {(rows) => (
                  <ul className="divide-y divide-border" data-testid="profile-files">
                    {rows.map((f) => (
                      <li key={f.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
                        <FileAudio className="size-4 text-muted-foreground" aria-hidden />
                        <span className="min-w-0 flex-1 truncate">{f.originalName}</span>
                        <Badge variant="outline" className="capitalize">
                          {f.processingStatus}
                        </Badge>
                        <span className="w-20 text-right tabular-nums">{formatMegabytes(f.fileSize)}</span>
                        <span className="w-40 text-right text-muted-foreground">{formatOrderDate(f.uploadedAt)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </ListStates>
            </CardContent>
          </Card>
        </div>
        <Card className="h-fit">
          <CardHeader>
            <CardTitle>Quick Actions</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
            {u && (
              <a href={`mailto:${u.email}`} className={buttonVariants({ variant: 'outline' })}>
                <Mail aria-hidden />
                Send Email
              </a>
            )}
            <a href="/admin/orders" className={buttonVariants({ variant: 'outline' })}>
              <ShoppingCart aria-hidden />
              View All Orders
            </a>
            <a href="/admin/files" className={buttonVariants({ variant: 'outline' })}>
              <FileAudio aria-hidden />
              View All Files
            </a>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
