import { errorMessage, toast } from '@mastering/ui';
import { useEffect, useState } from 'react';
import type { contentResource } from '../api/resource';
import { useFailureToast } from './errors';
import { reorderChanges } from './reorder';

/** The toasts of one content screen (back-office spec §8): SHOWCASE_TEXTS or TESTIMONIAL_TEXTS. */
type Texts = {
  fetchFailed: string;
  updated: string;
  updateFailedTitle: string;
  updateFailed: string;
  deleted: string;
  deleteFailedTitle: string;
  deleteFailed: string;
};
type Item = { id: string; displayOrder: number };

/**
 * A content list screen's data and row actions, shared by showcase and testimonials: the admin list
 * (a failed load toasts, 401/403 goes to login), the active toggle, moving a row up or down, and
 * delete after confirmation (`deleting` is the row awaiting it), each with the spec's toasts.
 */
export function useCollection<T extends Item>(
  resource: ReturnType<typeof contentResource<T>>,
  texts: Texts,
  onDeleted?: (item: T) => void,
) {
  const list = resource.useList();
  const { data: items = [], error, isLoading } = list;
  const update = resource.useUpdate();
  const remove = resource.useDelete();
  const failure = useFailureToast();
  const [deleting, setDeleting] = useState<T | null>(null);

  useEffect(() => {
    if (error) failure(error, texts.fetchFailed, errorMessage(error));
  }, [error, failure, texts.fetchFailed]);

  const patch = async (
    changes: { id: string; values: Record<string, string | number | boolean> }[],
    successTitle?: string,
  ) => {
    try {
      for (const { id, values } of changes) await update.mutateAsync({ id, values, files: false });
      if (successTitle) toast({ title: successTitle });
    } catch (err) {
      failure(err, texts.updateFailedTitle, texts.updateFailed);
    }
  };

  return {
    items,
    isLoading,
    /** The list's query, for `failedLoad` (a failed load shows an error with Retry, never an empty list). */
    listQuery: list,
    busy: update.isPending,
    deleting,
    deleteBusy: remove.isPending,
    /** Asks to delete `item` (opens the confirmation); null cancels. */
    setDeleting,
    /** Shows or hides a row on the home page. */
    toggle: (item: T, active: boolean) => patch([{ id: item.id, values: { isActive: active } }], texts.updated),
    /** Moves the row at `index` one place up (-1) or down (+1), renumbering display orders. */
    move: (index: number, delta: -1 | 1) =>
      patch(reorderChanges(items, index, delta).map(({ id, displayOrder }) => ({ id, values: { displayOrder } }))),
    /** Deletes the row awaiting confirmation. */
    confirmDelete: async () => {
      if (!deleting) return;
      try {
        await remove.mutateAsync(deleting.id);
        toast({ title: texts.deleted });
        onDeleted?.(deleting);
      } catch (err) {
        failure(err, texts.deleteFailedTitle, texts.deleteFailed);
      }
      setDeleting(null);
    },
  };
}
