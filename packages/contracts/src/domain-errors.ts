// Errors of the domain (issue 52): the order's rules (packages/orders) say what was wrong without
// HTTP; the service kit maps each kind to a status once (service-kit errors.ts, DOMAIN_STATUS).

/** What kind of rule a request broke. */
export type DomainErrorKind = 'not-found' | 'invalid' | 'conflict' | 'not-allowed';

/** A broken rule of the domain; the message is shown to the user. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
