import { describe, expect, it } from 'vitest';
import { ShowcaseTrackForm, ShowcaseTrackUpdate, TestimonialUpdate, UpdateUserBody } from '../src/index';

// An edit must never reset what the admin did not touch (role, visibility, order).
describe('edit schemas keep what is left out', () => {
  it('user: a name change leaves role and status alone, same messages as create', () => {
    expect(UpdateUserBody.parse({ firstName: 'Lerato' })).toEqual({ firstName: 'Lerato' });
    expect(UpdateUserBody.parse({ role: 'engineer', isActive: false })).toEqual({
      role: 'engineer',
      isActive: 'false',
    });
    expect(UpdateUserBody.safeParse({ firstName: '' }).error?.issues[0]?.message).toBe('First name is required');
    expect(UpdateUserBody.safeParse({ email: 'nope' }).error?.issues[0]?.message).toBe('Invalid email address');
  });

  it('showcase: empty multipart fields fall back to the stored values (spec §5)', () => {
    const edit = ShowcaseTrackUpdate.parse({
      title: 'New title',
      artist: '',
      genre: '',
      beforeDescription: ' ',
      afterDescription: '',
      isActive: 'false',
      displayOrder: '',
    });
    expect(edit).toEqual({ title: 'New title', isActive: 'false' });
    expect(ShowcaseTrackUpdate.parse({ displayOrder: 'abc' })).toEqual({ displayOrder: 0 });
    expect(ShowcaseTrackUpdate.safeParse({ genre: 'Polka' }).success).toBe(false);
  });

  it('testimonial: blank required fields keep their value, blank optional ones clear it', () => {
    expect(TestimonialUpdate.parse({ name: '', role: '', content: '', rating: '' })).toEqual({});
    expect(TestimonialUpdate.parse({ company: '', email: '', results: ' +40% streams ' })).toEqual({
      company: null,
      email: null,
      results: '+40% streams',
    });
    expect(TestimonialUpdate.parse({ isVerified: 'true' })).toEqual({ isVerified: 'true' });
    expect(TestimonialUpdate.safeParse({ rating: '9' }).success).toBe(false);
  });
});

describe('showcase genre', () => {
  const base = { title: 't', artist: 'a', beforeDescription: 'b', afterDescription: 'c' };
  it('left out is Electronic, sent blank is "Genre is required"', () => {
    expect(ShowcaseTrackForm.parse(base).genre).toBe('Electronic');
    expect(ShowcaseTrackForm.safeParse({ ...base, genre: ' ' }).error?.issues[0]?.message).toBe('Genre is required');
    expect(ShowcaseTrackForm.parse({ ...base, genre: 'R&B' }).genre).toBe('R&B');
  });
  it('spec messages for both descriptions and a negative order', () => {
    expect(ShowcaseTrackForm.safeParse({ ...base, beforeDescription: '' }).error?.issues[0]?.message).toBe(
      'Before description is required',
    );
    expect(ShowcaseTrackForm.safeParse({ ...base, afterDescription: '' }).error?.issues[0]?.message).toBe(
      'After description is required',
    );
    expect(ShowcaseTrackForm.safeParse({ ...base, displayOrder: '-1' }).success).toBe(false);
    expect(ShowcaseTrackForm.parse({ ...base, displayOrder: '3' }).displayOrder).toBe(3);
  });
});
