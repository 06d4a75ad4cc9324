import MarkdownIt from 'markdown-it';

// Raw HTML in the Markdown is escaped (html: false) and markdown-it's link check refuses javascript:,
// vbscript:, file: and data: links, so what staff type cannot run script on the public pages.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

/** Renders a legal document's Markdown to safe HTML (the one renderer of the public pages and the preview). */
export function renderLegalMarkdown(source: string): string {
  return markdown.render(source);
}
