import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@mastering/ui';
import { reportFailure } from '../../src/components/errors';

afterEach(() => vi.useRealTimers());

const failed = (status: number, body = '') => new ApiError(status, 'Status text', body);

describe('reportFailure', () => {
  it.each([401, 403])('on %i toasts Authentication Required and goes to login only after 1.5 s', (status) => {
    vi.useFakeTimers();
    const show = vi.fn();
    const goToLogin = vi.fn();
    reportFailure(
      failed(status, '{"error":"Authentication required"}'),
      'Upload Failed',
      'Failed to create showcase track',
      { show, goToLogin },
    );
    expect(show).toHaveBeenCalledWith({
      title: 'Authentication Required',
      description: 'You need to log in to access this page. Redirecting...',
      variant: 'destructive',
    });
    vi.advanceTimersByTime(1499);
    expect(goToLogin).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(goToLogin).toHaveBeenCalledOnce();
  });

  it("shows the server's error field, else the spec's fallback, and never goes to login", () => {
    vi.useFakeTimers();
    const show = vi.fn();
    const goToLogin = vi.fn();
    reportFailure(
      failed(415, '{"error":"Artwork must be an image (JPEG, PNG, WebP, GIF or AVIF)."}'),
      'Upload Failed',
      'Failed to create showcase track',
      { show, goToLogin },
    );
    reportFailure(failed(502, '<html>Bad gateway</html>'), 'Delete Failed', 'Failed to delete testimonial', {
      show,
      goToLogin,
    });
    reportFailure(new TypeError('Failed to fetch'), 'Update Failed', 'Failed to update showcase track', {
      show,
      goToLogin,
    });
    expect(show.mock.calls.map(([input]) => [input.title, input.description])).toEqual([
      ['Upload Failed', 'Artwork must be an image (JPEG, PNG, WebP, GIF or AVIF).'],
      ['Delete Failed', 'Failed to delete testimonial'],
      ['Update Failed', 'Failed to fetch'],
    ]);
    vi.runAllTimers();
    expect(goToLogin).not.toHaveBeenCalled();
  });
});
