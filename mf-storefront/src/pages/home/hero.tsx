import { DELIVERY_HOURS, priceLine, uploadAndSaveLabel } from '@mastering/contracts';
import { Badge } from '@mastering/ui/core';
import { ArrowRight, Award, Clock, Radio, Sparkles, UserRoundCheck } from 'lucide-react';
import { launchDiscount, useSiteConfig } from '../../api/site-config';
import { StartMasteringButton } from '../../components/start-mastering';
import { Countdown } from './countdown';
import { HeroClaims } from './hero-claims';

const TRUST_BADGES = [
  { label: 'DSP-Ready', icon: Radio },
  { label: 'Human Engineers', icon: UserRoundCheck },
  { label: `${DELIVERY_HOURS}h Delivery`, icon: Clock },
  { label: 'Pro Quality', icon: Award },
];

function LaunchSpecialBadge() {
  return (
    <Badge className="gap-1.5 px-3 py-1 text-sm">
      <Sparkles aria-hidden />
      Launch Special
    </Badge>
  );
}

/** The hero: launch special, countdown, headline, the upload button, price line and trust badges. */
export function Hero() {
  const config = useSiteConfig();
  return (
    <section className="relative overflow-hidden pt-32 pb-20 md:pt-40 md:pb-28">
      <div aria-hidden className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-32 left-1/2 h-[36rem] w-[36rem] -translate-x-1/2 rounded-full bg-primary/25 blur-3xl" />
        <div className="absolute top-40 -right-24 h-80 w-80 rounded-full bg-brand-2/20 blur-3xl" />
      </div>
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 text-center md:px-6">
        {config.data?.launchSpecial ? (
          <div className="flex flex-col items-center gap-3 sm:flex-row" data-testid="launch-special">
            <LaunchSpecialBadge />
            {config.data.launchEndsAt && <Countdown endsAt={config.data.launchEndsAt} />}
          </div>
        ) : (
          // Its place is kept, unseen, while the settings load (the prerendered page shows them loading):
          // a launch special is on by default, and the headline then does not jump down when it comes.
          config.isPending && (
            <div className="invisible" aria-hidden>
              <LaunchSpecialBadge />
            </div>
          )
        )}
        <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl md:text-6xl">
          Radio-ready masters{' '}
          <span className="bg-gradient-to-r from-primary to-brand-2 bg-clip-text text-transparent">
            in {DELIVERY_HOURS} hours
          </span>
        </h1>
        <p className="max-w-2xl text-lg text-balance text-muted-foreground">
          Human engineers, not AI or automation, master your track for Spotify, Apple Music and every streaming
          platform. Free revisions, or your money back.
        </p>
        <StartMasteringButton
          testId="hero-start"
          variant={{ variant: 'brand', size: 'lg' }}
          className="h-14 px-8 text-base"
        >
          {uploadAndSaveLabel(launchDiscount(config.data))}
          <ArrowRight aria-hidden />
        </StartMasteringButton>
        {/* Its line is kept while the price loads, so the badges below do not jump down when it comes. */}
        {config.data ? (
          <p className="text-sm text-muted-foreground" data-testid="price-line">
            {priceLine(config.data)}
          </p>
        ) : (
          config.isPending && <p className="text-sm">{'\u00a0'}</p>
        )}
        <ul className="mt-4 grid w-full max-w-2xl grid-cols-2 gap-3 md:grid-cols-4">
          {TRUST_BADGES.map(({ label, icon: Icon }) => (
            <li
              key={label}
              className="flex items-center justify-center gap-2 rounded-lg border border-border bg-card/60 px-3 py-2.5 text-sm font-medium backdrop-blur"
            >
              <Icon className="size-4 text-primary" aria-hidden />
              {label}
            </li>
          ))}
        </ul>
        <HeroClaims />
      </div>
    </section>
  );
}
