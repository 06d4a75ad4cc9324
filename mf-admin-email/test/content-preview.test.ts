// @vitest-environment jsdom
// Issue 27 item 10: the campaign template card previews the template's content, not its description.
import { describe, expect, it } from 'vitest';
import { contentPreview, PREVIEW_CHARS } from '../src/lib/content-preview';

describe('campaign template card preview', () => {
  it('shows the content, not the description', () => {
    expect(
      contentPreview({
        description: 'Monthly newsletter',
        textContent: 'Hi {{name}}, this month…',
        htmlContent: '<p>x</p>',
      }),
    ).toBe('Hi {{name}}, this month…');
  });

  it("reads the HTML's visible text when there is no plain-text version", () => {
    const htmlContent =
      '<html><head><style>p{color:red}</style></head><body><h1>New  release</h1>\n<p>Out <b>now</b> &amp; free</p><script>x()</script></body></html>';
    expect(contentPreview({ description: 'About', textContent: null, htmlContent })).toBe('New release Out now & free');
  });

  it('cuts at 100 characters with "..."', () => {
    const preview = contentPreview({ description: null, textContent: 'a'.repeat(150), htmlContent: '' });
    expect(preview).toBe(`${'a'.repeat(PREVIEW_CHARS)}...`);
    expect(PREVIEW_CHARS).toBe(100);
  });

  it('falls back to the description only for a template without content', () => {
    expect(contentPreview({ description: 'Blank', textContent: '', htmlContent: '<p> </p>' })).toBe('Blank');
  });
});
