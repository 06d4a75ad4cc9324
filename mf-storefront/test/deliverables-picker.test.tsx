// @vitest-environment jsdom
// The upload form's release pack (issue 54): the offered formats with their prices, metadata per track
// once one is picked, the pack's total by the contracts' price function, and a bad ISRC refused with
// the contracts' message before anything is sent.
import { DEFAULT_RELEASE_PACK_SETTINGS, ISRC_INVALID, offeredFormats } from '@mastering/contracts';
import { fireEvent, renderWithProviders, screen } from '@mastering/ui/testing';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  DeliverablesPicker,
  EMPTY_PACK,
  metadataFor,
  packChoiceOf,
  packTotalCents,
  type PackDraft,
} from '../src/pages/upload/deliverables-picker';

const OFFERS = offeredFormats(DEFAULT_RELEASE_PACK_SETTINGS);
const ITEMS = [
  { id: 'a', name: 'Jozi Nights.wav' },
  { id: 'b', name: 'Two.wav' },
];

function Harness() {
  const [pack, setPack] = useState<PackDraft>(EMPTY_PACK);
  return <DeliverablesPicker offers={OFFERS} items={ITEMS} value={pack} onChange={setPack} />;
}

describe('the deliverables picker', () => {
  it('lists each offered format with its price and asks for metadata per track once one is picked', () => {
    renderWithProviders(<Harness />);
    expect(screen.getByTestId('deliverables-picker').textContent).toContain('WAV 24-bit (source rate)free');
    expect(screen.getByTestId('deliverables-picker').textContent).toContain('MP3 320 kbpsR50 per track');
    expect(screen.queryAllByTestId('pack-track')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('pack-format-mp3'));
    expect(screen.getAllByTestId('pack-track')).toHaveLength(2);
    expect((screen.getAllByTestId('pack-title')[0] as HTMLInputElement).value).toBe('Jozi Nights');
  });

  it('prices the picked formats per track and refuses a bad ISRC with its message', () => {
    expect(packTotalCents(['mp3', 'wav16', 'wav24'], 2, OFFERS)).toBe(20_000);
    const pack: PackDraft = {
      formats: ['mp3'],
      tracks: {
        a: { ...metadataFor('Jozi Nights.wav'), artist: 'Thandi M', isrc: 'ZA-ABC-26-001' },
        b: { ...metadataFor('Two.wav'), artist: 'Thandi M' },
      },
    };
    expect(packChoiceOf(pack, ITEMS)).toEqual({ ok: false, message: `Jozi Nights.wav: ${ISRC_INVALID}` });
    const fixed = { ...pack, tracks: { ...pack.tracks, a: { ...pack.tracks.a!, isrc: 'zaabc2600001' } } };
    const choice = packChoiceOf(fixed, ITEMS);
    expect(choice.ok && choice.choice?.tracks.map((t) => t.isrc)).toEqual(['ZA-ABC-26-00001', '']);
    expect(packChoiceOf(EMPTY_PACK, ITEMS)).toEqual({ ok: true, choice: undefined });
  });
});
