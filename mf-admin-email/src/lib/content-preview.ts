import type { EmailTemplate } from '@mastering/contracts';

/** How much of a template's content its campaign card shows (back-office spec: cut at 100 characters). */
export const PREVIEW_CHARS = 100;

/**
 * The start of what a template says, for its card: the plain-text version, else the HTML's visible
 * text, whitespace collapsed and cut at PREVIEW_CHARS with "...". Falls back to the description only
 * when the template has no content at all.
 */
export function contentPreview(template: Pick<EmailTemplate, 'textContent' | 'htmlContent' | 'description'>): string {
  const text =
    collapse(template.textContent ?? '') ||
    collapse(visibleText(template.htmlContent)) ||
    collapse(template.description ?? '');
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}...` : text;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

// The browser's own parser reads the text (no regex over HTML); <style> and <script> hold no visible text.
function visibleText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const hidden of doc.querySelectorAll('style, script, head')) hidden.remove();
  return doc.body?.textContent ?? '';
}
