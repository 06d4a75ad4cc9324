// @vitest-environment jsdom
import { DEFAULT_PRICING, siteConfigFor } from '@mastering/contracts';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadProgress } from '../src/api/uploads';
import { freshModules } from './fresh-modules';

// The API-hook boundary: each started upload is kept so the test drives its progress and outcome.
const uploads: {
  file: File;
  progress: UploadProgress;
  resolve: (path: string) => void;
  reject: (e: Error) => void;
  aborted: boolean;
}[] = [];
vi.mock('../src/api/uploads', () => ({
  uploadTrack: (file: File, progress: UploadProgress) => {
    const entry = { file, progress, resolve: (_: string) => {}, reject: (_: Error) => {}, aborted: false };
    const done = new Promise<string>((resolve, reject) => Object.assign(entry, { resolve, reject }));
    uploads.push(entry);
    return { done, abort: () => (entry.aborted = true) };
  },
}));
const [{ UploadForm }, { renderWithProviders }] = await freshModules(() =>
  Promise.all([import('../src/pages/upload/upload-form'), import('@mastering/ui/testing')]),
);

const MB = 1024 * 1024;
let host: HTMLElement;

const $ = <T extends HTMLElement = HTMLElement>(testId: string) => host.querySelector<T>(`[data-testid="${testId}"]`);
const $$ = (testId: string) => [...host.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)];
const audio = (name: string, size = 1000, type = 'audio/wav') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
function choose(...files: File[]) {
  const input = $<HTMLInputElement>('file-input')!;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  act(() => void input.dispatchEvent(new Event('change', { bubbles: true })));
}
function typeEmail(value: string) {
  const input = $<HTMLInputElement>('customer-email')!;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const settle = () => act(async () => void (await Promise.resolve()));

beforeEach(() => {
  uploads.length = 0;
  ({ container: host } = renderWithProviders(<UploadForm />, {
    queryData: [[['/api/config'], siteConfigFor(DEFAULT_PRICING)]],
  }));
});

describe('upload form (rendered)', () => {
  it('uploads each file with its own progress bar, then shows it completed', async () => {
    choose(audio('one.wav'), audio('two.mp3', 2000, 'audio/mpeg'));
    expect(uploads).toHaveLength(2);
    expect($$('upload-item').map((el) => el.dataset.status)).toEqual(['uploading', 'uploading']);
    act(() => uploads[0]!.progress(400, 1000));
    const bars = host.querySelectorAll('[role="progressbar"]');
    expect(bars[0]!.getAttribute('aria-valuenow')).toBe('40');
    expect(bars[1]!.getAttribute('aria-valuenow')).toBe('0');
    expect($$('upload-item-status')[0]!.textContent).toContain('40%');
    uploads[0]!.resolve('/objects/one');
    await settle();
    expect($$('upload-item').map((el) => el.dataset.status)).toEqual(['completed', 'uploading']);
  });

  it('marks a failed upload as error with the spec message', async () => {
    choose(audio('bad.wav'));
    uploads[0]!.reject(new Error('Failed to upload file to storage'));
    await settle();
    expect($$('upload-item')[0]!.dataset.status).toBe('error');
    expect($('upload-error')!.textContent).toBe('Failed to upload bad.wav. Please try again.');
  });

  it('refuses non-audio and oversized batches with the spec messages, adding nothing', () => {
    choose(audio('notes.txt', 10, 'text/plain'));
    expect($('upload-error')!.textContent).toBe(
      'No valid audio files found. Please upload .wav, .mp3, .flac, .aiff, or .m4a files.',
    );
    choose(audio('ok.wav'), audio('big.wav', 501 * MB));
    expect($('upload-error')!.textContent).toBe('File(s) too large: big.wav. Maximum size is 500MB per file.');
    expect($$('upload-item')).toHaveLength(0);
    expect(uploads).toHaveLength(0);
  });

  it('removes an item and stops its upload', () => {
    choose(audio('one.wav'));
    act(() => $('upload-item-remove')!.click());
    expect($$('upload-item')).toHaveLength(0);
    expect(uploads[0]!.aborted).toBe(true);
  });

  it('keeps the summary in step with the tracks, and Proceed disabled until files and an email', async () => {
    expect($<HTMLButtonElement>('proceed-to-payment')!.disabled).toBe(true);
    choose(audio('a.wav'), audio('b.wav'));
    expect($('summary-tracks')!.textContent).toBe('2');
    expect($('summary-subtotal')!.textContent).toBe('R998');
    expect($('summary-discount')!.textContent).toBe('-R349');
    expect($('summary-total')!.textContent).toBe('R649');
    expect($('summary-saving')!.textContent).toBe('You save R174,50 per track');
    expect($<HTMLButtonElement>('proceed-to-payment')!.disabled).toBe(true);
    typeEmail('artist@example.com');
    expect($<HTMLButtonElement>('proceed-to-payment')!.disabled).toBe(false);
    act(() => $('proceed-to-payment')!.click());
    expect($('upload-error')!.textContent).toBe(
      'Please wait for all files to finish uploading before proceeding to payment.',
    );
    uploads.forEach((upload, i) => {
      upload.resolve(`/objects/${i}`);
    });
    await settle();
    act(() => $('proceed-to-payment')!.click());
    expect($('upload-error')).toBeNull();
    expect(document.querySelector('[data-testid="payment-dialog"]')).not.toBeNull();
  });
});
