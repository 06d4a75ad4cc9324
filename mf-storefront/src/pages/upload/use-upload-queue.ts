import { failedToUpload } from '@mastering/contracts';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { uploadTrack, type RunningUpload } from '../../api/uploads';
import { checkChosenFiles, newUploadItem, uploadItemsReducer, type UploadItem } from '../../lib/upload-items';

/** What the upload form holds: the items, the last problem to show, and how to add or remove files. */
export interface UploadQueue {
  items: UploadItem[];
  error: string | null;
  setError: (message: string | null) => void;
  add: (files: readonly File[]) => void;
  remove: (id: string) => void;
}

/**
 * The chosen files and their uploads: a batch is checked (audio only, the size limit), then each
 * file uploads on its own with its progress; a failure marks that file error and shows
 * 'Failed to upload <name>. Please try again.'. Removing a file stops its upload.
 */
export function useUploadQueue(maxFileSizeMb: number | undefined): UploadQueue {
  const [items, dispatch] = useReducer(uploadItemsReducer, []);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(new Map<string, RunningUpload>());

  useEffect(() => {
    const uploads = running.current;
    return () => {
      for (const upload of uploads.values()) upload.abort();
    };
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      const check = checkChosenFiles(files, maxFileSizeMb);
      if (!check.ok) {
        setError(check.message);
        return;
      }
      setError(null);
      const added = check.files.map((file) => newUploadItem(file));
      dispatch({ type: 'added', items: added });
      for (const item of added) {
        const upload = uploadTrack(item.file, (sent, total) =>
          dispatch({ type: 'progress', id: item.id, sent, total }),
        );
        running.current.set(item.id, upload);
        upload.done
          .then(
            (objectPath) => dispatch({ type: 'completed', id: item.id, objectPath }),
            (cause: unknown) => {
              // A removed item's upload was stopped on purpose: nothing to report.
              if (!running.current.has(item.id)) return;
              console.error(cause);
              dispatch({ type: 'failed', id: item.id });
              setError(failedToUpload(item.name));
            },
          )
          .finally(() => running.current.delete(item.id));
      }
    },
    [maxFileSizeMb],
  );

  const remove = useCallback((id: string) => {
    const upload = running.current.get(id);
    running.current.delete(id);
    upload?.abort();
    dispatch({ type: 'removed', id });
  }, []);

  return { items, error, setError, add, remove };
}
