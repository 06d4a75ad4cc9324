import { initials } from '@mastering/contracts';

/** A person's picture, or their initials in a brand-tinted circle when they have none (testimonials on the site and in the admin). */
export function PersonAvatar({ name, avatarUrl }: { name: string; avatarUrl?: string | null }) {
  return avatarUrl ? (
    <img src={avatarUrl} alt="" className="size-10 rounded-full object-cover" loading="lazy" />
  ) : (
    <span className="flex size-10 items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary">
      {initials(name)}
    </span>
  );
}
