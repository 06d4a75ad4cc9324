import { describe, expect, it } from 'vitest';
import { failedToUpload, fillIn, filesTooLarge, NO_VALID_AUDIO, someFilesFailed } from '../src/messages';

// The spec fixes these texts word for word, including where the names go.
describe('messages built from file names', () => {
  it('reads as the storefront spec writes them', () => {
    expect(NO_VALID_AUDIO).toBe('No valid audio files found. Please upload .wav, .mp3, .flac, .aiff, or .m4a files.');
    expect(filesTooLarge(['a.wav'])).toBe('File(s) too large: a.wav. Maximum size is 500MB per file.');
    expect(filesTooLarge(['a.wav'], 200)).toBe('File(s) too large: a.wav. Maximum size is 200MB per file.');
    expect(someFilesFailed(['a.wav', 'b.mp3'])).toBe(
      'Some files failed to upload: a.wav, b.mp3. Please try uploading them again.',
    );
    expect(failedToUpload('a.wav')).toBe('Failed to upload a.wav. Please try again.');
  });
  it('lists missing test-email fields', () => {
    expect(fillIn(['orderId', 'amount'])).toBe('Please fill in: orderId, amount');
  });
});
