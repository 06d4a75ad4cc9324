import { SCREEN_TITLES, TESTIMONIAL_TEXTS, type Testimonial } from '@mastering/contracts';
import {
  Badge,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  failedLoad,
  LoadError,
  PersonAvatar,
  ScreenHeader,
  Switch,
} from '@mastering/ui';
import { BadgeCheck, Star } from 'lucide-react';
import { DemoBadge } from '../../components/demo-badge';
import { useState } from 'react';
import { testimonials as api } from '../../api/testimonials';
import { ConfirmDelete, LoadingRows, RowButtons } from '../../components/fields';
import { useCollection } from '../../components/use-collection';
import { TestimonialForm } from './testimonial-form';

/** Testimonials Management: the create/edit form and `Existing Testimonials (N)` with toggle, edit and delete. */
export default function TestimonialsPage() {
  const [editing, setEditing] = useState<Testimonial | null>(null);
  const [formKey, setFormKey] = useState(0);
  const done = () => {
    setEditing(null);
    setFormKey((k) => k + 1);
  };
  const {
    items: list,
    isLoading,
    listQuery,
    busy,
    deleting,
    deleteBusy,
    setDeleting,
    toggle,
    confirmDelete,
  } = useCollection(api, TESTIMONIAL_TEXTS, (deleted) => {
    if (editing?.id === deleted.id) done();
  });
  const failed = failedLoad(listQuery, 'the testimonials');

  return (
    <div data-testid="page-testimonials" className="mx-auto w-full max-w-6xl space-y-6">
      <ScreenHeader
        title={SCREEN_TITLES.testimonials}
        description="What artists say about the service, shown on the home page when active."
      />

      <Card>
        <CardHeader>
          <CardTitle aria-level={2}>{editing ? 'Edit Testimonial' : 'Create Testimonial'}</CardTitle>
          <CardDescription>
            {editing
              ? `Editing ${editing.name}'s testimonial.`
              : "Add a testimonial; the author's email stays private."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <TestimonialForm
            key={editing?.id ?? `new-${formKey}`}
            testimonial={editing ?? undefined}
            nextDisplayOrder={list.length}
            onDone={done}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          {/* No count until the list is known: "(0)" while loading would be a wrong figure. */}
          <CardTitle aria-level={2} data-testid="testimonials-count">
            Existing Testimonials{isLoading ? '' : ` (${list.length})`}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {failed ? (
            <LoadError {...failed} />
          ) : isLoading ? (
            <LoadingRows />
          ) : (
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
              {list.map((t) => (
                <TestimonialCard
                  key={t.id}
                  testimonial={t}
                  busy={busy}
                  onToggle={(active) => void toggle(t, active)}
                  onEdit={() => {
                    setEditing(t);
                    // The page's CSS makes this smooth unless the admin asked for less motion.
                    window.scrollTo({ top: 0 });
                  }}
                  onDelete={() => setDeleting(t)}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <ConfirmDelete
        open={deleting !== null}
        what={deleting ? `${deleting.name}'s testimonial` : ''}
        busy={deleteBusy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

/** One testimonial: author, rating, text, badges and actions. */
function TestimonialCard({
  testimonial: t,
  busy,
  onToggle,
  onEdit,
  onDelete,
}: {
  testimonial: Testimonial;
  busy: boolean;
  onToggle: (active: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const active = t.isActive === 'true';
  return (
    <li data-testid="testimonial-row" className="flex min-w-0 flex-col gap-3 rounded-xl border border-border p-4">
      <div className="flex items-center gap-3">
        <PersonAvatar name={t.name} avatarUrl={t.avatarUrl} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold" data-testid="testimonial-row-name">
            {t.name}
          </p>
          <p className="truncate text-sm text-muted-foreground">{[t.role, t.company].filter(Boolean).join(', ')}</p>
          {t.email && <p className="truncate text-xs text-muted-foreground">{t.email}</p>}
        </div>
        <span className="flex" role="img" aria-label={`${t.rating} out of 5 stars`}>
          {Array.from({ length: 5 }, (_, i) => (
            <Star
              key={i}
              className={i < t.rating ? 'size-4 fill-warning text-warning' : 'size-4 text-muted-foreground/40'}
              aria-hidden
            />
          ))}
        </span>
      </div>
      <p className="text-sm">{t.content}</p>
      <div className="flex flex-wrap gap-2">
        <DemoBadge demo={t.isDemo} testId="testimonial-row-demo" />
        {t.results && <Badge variant="secondary">{t.results}</Badge>}
        {t.isVerified === 'true' && (
          <Badge variant="default">
            <BadgeCheck aria-hidden />
            Verified
          </Badge>
        )}
        <Badge variant="outline" data-testid="testimonial-row-status">
          {active ? 'Active' : 'Hidden'}
        </Badge>
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-2">
        <Switch
          checked={active}
          onChange={onToggle}
          disabled={busy}
          aria-label={`Show ${t.name}'s testimonial on the home page`}
          data-testid="testimonial-row-active"
        />
        <RowButtons testId="testimonial-row" onEdit={onEdit} onDelete={onDelete} />
      </div>
    </li>
  );
}
