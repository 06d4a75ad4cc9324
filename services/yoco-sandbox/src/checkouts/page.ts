import escapeHtml from 'escape-html';
import { formatCents } from '@mastering/contracts';
import type { SandboxCheckout } from './service';

// Light colours with text at WCAG AA contrast or better (slate-900 on white, white on green-800/red-700).
const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a;line-height:1.5}
  main{max-width:28rem;margin:3rem auto;padding:0 1rem}
  .card{background:#fff;border:1px solid #cbd5e1;border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px rgba(15,23,42,.08)}
  .badge{display:inline-block;background:#fef3c7;color:#78350f;border-radius:6px;padding:.125rem .75rem;font-size:.875rem;font-weight:600}
  h1{font-size:1.25rem;margin:.75rem 0 .25rem}
  .amount{font-size:2.25rem;font-weight:700;margin:.5rem 0 1rem}
  .muted{color:#475569;font-size:.875rem;margin:0 0 1.25rem;word-break:break-all}
  form{margin:0 0 .75rem}
  button{width:100%;font:inherit;font-weight:600;padding:.75rem 1rem;border-radius:8px;cursor:pointer;border:2px solid transparent}
  button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
  .pay{background:#166534;color:#fff}
  .decline{background:#b91c1c;color:#fff}
  .cancel{background:#fff;color:#0f172a;border-color:#64748b}
  a{color:#1d4ed8}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="card">
<span class="badge">Yoco sandbox: test mode, no real money</span>
${body}
</div>
</main>
</body>
</html>`;
}

/** The hosted checkout page: the amount in rand and the Pay, Decline and Cancel buttons (or a paid notice). */
export function renderCheckoutPage(checkout: SandboxCheckout): string {
  const amount = escapeHtml(formatCents(checkout.amount));
  const id = escapeHtml(checkout.id);
  if (checkout.status === 'completed') {
    return layout(
      'Checkout paid',
      `
<h1>This checkout has been paid</h1>
<p class="amount" data-testid="sandbox-amount">${amount}</p>
<p><a href="${escapeHtml(checkout.successUrl)}">Return to the shop</a></p>`,
    );
  }
  const button = (action: 'pay' | 'decline' | 'cancel', label: string) =>
    `<form method="post" action="/checkout/${id}/${action}"><button type="submit" class="${action}" data-testid="sandbox-${action}">${label}</button></form>`;
  return layout(
    `Pay ${formatCents(checkout.amount)}`,
    `
<h1>Pay Mastering Studio</h1>
<p class="amount" data-testid="sandbox-amount">${amount}</p>
<p class="muted">Checkout ${id}</p>
${button('pay', `Pay ${amount}`)}
${button('decline', 'Decline (card refused)')}
${button('cancel', 'Cancel and return to the shop')}`,
  );
}

/** A plain page for an unknown or finished checkout, so a browser never sees raw JSON. */
export function renderMessagePage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
