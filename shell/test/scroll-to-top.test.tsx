// @vitest-environment jsdom
import { fireEvent, renderWithProviders, screen } from '@mastering/ui/testing';
import { Link, useNavigate } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from '../src/scroll-to-top';

function Page() {
  const navigate = useNavigate();
  return (
    <>
      <ScrollToTop />
      <Link to="/upload">Upload</Link>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  );
}

describe('ScrollToTop', () => {
  it('opens a linked page at its top and leaves Back to the browser', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderWithProviders(<Page />, { route: '/' });
    expect(scrollTo).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('link', { name: 'Upload' }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    scrollTo.mockRestore();
  });
});
