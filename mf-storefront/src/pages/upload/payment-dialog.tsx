import {
  COOLING_OFF_NOTE,
  DELIVERY_HOURS,
  LEGAL_DOCUMENTS,
  MARKETING_CONSENT_TEXT,
  REDIRECTING_TO_YOCO,
  RETURN_FOR_CONFIRMATION,
  TERMS_CONSENT_TEXT,
  TERMS_REQUIRED,
  VAT_RATE_PERCENT,
  vatIncludedCents,
  type OrderDraft,
  type ReleasePackChoice,
  type ReleaseInput,
  type SiteConfig,
} from '@mastering/contracts';
import { Button, Dialog } from '@mastering/ui';
import { Lock, Pencil } from 'lucide-react';
import { useRef, useState } from 'react';
import { createOrder, newOrderAttemptKey } from '../../api/orders';
import { usePayOrder } from '../../api/payments';
import { StudioIdentity } from '../../components/studio-identity';
import { packTotalCents } from './deliverables-picker';
import { OrderSummary, rand } from './order-summary';
import { ReleaseReview } from './release-form';

/** The VAT line under the total: the VAT inside it when the studio is a vendor, else that none is charged. */
export function vatLine(totalRand: number, config: Pick<SiteConfig, 'studio'>): string {
  return config.studio.vatVendor
    ? `Total includes VAT of ${rand(vatIncludedCents(Math.round(totalRand * 100)) / 100)} (${VAT_RATE_PERCENT}%)`
    : 'No VAT is charged: the studio is not registered for VAT';
}

/** The order the form reviews: the draft and the release pack picked with it (issue 54). */
/** The order as reviewed: the draft, its release pack and, for an EP or album, its release. */
export type OrderWithPack = OrderDraft & { releasePack?: ReleasePackChoice; release?: ReleaseInput };

/**
 * The review step before Pay (ECTA s43(2)): the whole order, the price with its VAT, the delivery time,
 * who the studio is and links to the terms and refund policy. Pay needs the terms tick (the server refuses
 * an order without it too); marketing is a separate box, unticked. "Change order" goes back to the form.
 * Pay creates the order (once), starts a Yoco checkout and redirects.
 */
export function PaymentDialog({
  order,
  config,
  onClose,
}: {
  order: OrderWithPack;
  config: SiteConfig;
  onClose: () => void;
}) {
  const packCents = packTotalCents(
    order.releasePack?.formats ?? [],
    order.files.length,
    config.releasePackOffers ?? [],
  );
  const total = order.pricing.total + packCents / 100;
  const { pay, working } = usePayOrder();
  const [agreed, setAgreed] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [refused, setRefused] = useState(false);
  // A checkout that fails after the order exists is retried for the same order, not a new one; an order
  // whose answer was lost is sent again with the same key, and the server answers the order it made.
  const orderId = useRef<string | null>(null);
  const attemptKey = useRef(newOrderAttemptKey());
  const start = () => {
    if (!agreed) return setRefused(true);
    pay(async () => {
      orderId.current ??= (
        await createOrder({ ...order, termsAccepted: true, marketingConsent: marketing }, attemptKey.current)
      ).order.id;
      return orderId.current;
    });
  };
  const link = (document: 'terms' | 'refunds') => (
    <a href={LEGAL_DOCUMENTS[document].path} target="_blank" rel="noreferrer" className="text-primary underline">
      {LEGAL_DOCUMENTS[document].title}
    </a>
  );
  return (
    <Dialog
      open
      onClose={working ? () => undefined : onClose}
      title="Review and pay"
      description={`Paying for ${order.files.length} track${order.files.length === 1 ? '' : 's'} for ${order.customerEmail}`}
      data-testid="payment-dialog"
    >
      <div className="space-y-4">
        <section aria-label="Your order" className="space-y-1 text-sm" data-testid="review-order">
          <p>
            <span className="text-muted-foreground">Email: </span>
            {order.customerEmail}
          </p>
          <ul className="space-y-1" aria-label="Tracks">
            {order.files.map((file) => (
              <li key={file.originalFilePath} className="flex justify-between gap-3 rounded-md bg-muted/50 px-3 py-1">
                <span className="truncate">{file.originalName}</span>
                <span className="shrink-0 text-muted-foreground">{file.masteringStyle}</span>
              </li>
            ))}
          </ul>
          {order.release && <ReleaseReview release={order.release} files={order.files} />}
        </section>
        <OrderSummary trackCount={order.files.length} config={config} packCents={packCents} />
        <p className="text-sm" data-testid="review-vat">
          {vatLine(total, config)}. Paid by card through Yoco's secure checkout. Delivered by email within{' '}
          {DELIVERY_HOURS} hours of payment.
        </p>
        <p className="text-sm">
          Read the {link('terms')} and the {link('refunds')} before you pay.
        </p>
        <StudioIdentity config={config} className="text-xs not-italic text-muted-foreground" />
        <div className="space-y-2 rounded-lg border border-border p-3">
          <label className="flex items-start gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={agreed}
              onChange={(e) => {
                setAgreed(e.target.checked);
                setRefused(false);
              }}
              aria-describedby="cooling-off-note"
              aria-invalid={refused}
              data-testid="terms-consent"
            />
            {TERMS_CONSENT_TEXT}
          </label>
          <p id="cooling-off-note" className="pl-6 text-xs text-muted-foreground">
            {COOLING_OFF_NOTE}
          </p>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={marketing}
              onChange={(e) => setMarketing(e.target.checked)}
              data-testid="marketing-consent"
            />
            {MARKETING_CONSENT_TEXT}
          </label>
        </div>
        {refused && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="terms-required">
            {TERMS_REQUIRED}
          </p>
        )}
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" size="lg" disabled={working} onClick={onClose} data-testid="change-order">
            <Pencil aria-hidden />
            Change order
          </Button>
          <Button
            variant="brand"
            size="lg"
            className="flex-1"
            disabled={working}
            onClick={start}
            data-testid="pay-button"
          >
            <Lock aria-hidden />
            {working ? REDIRECTING_TO_YOCO : `Pay ${rand(total)} with Yoco`}
          </Button>
        </div>
        <p className="text-center text-xs text-muted-foreground">{RETURN_FOR_CONFIRMATION}</p>
      </div>
    </Dialog>
  );
}
