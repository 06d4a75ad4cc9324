// POPIA's one data map (issue 51 Deliver 7): every table of the schema and every column of it, with
// what each personal column holds, which rows belong to (or are about) a person, what the person's
// data export shows of them, and what erasure does to them. The export (personalDataOf) and the
// erasure (erasePerson) are run from this declaration by ./personal-data.ts; nothing lists a table
// beside it. test/personal-data-map.test.ts migrates a database and fails on any table or column
// this map does not classify.
//
// Adding a column or a table (any migration): add it here, in its table's `personal` (what it holds,
// plus an `erase` action in every row set of the table) or in its `other` list (not personal: ids,
// foreign keys, dates, amounts, statuses, studio-written text). A new table gets an entry of its own.

/** What a personal field reads once its person is erased (a reserved domain, so it can never be mailed). */
export const ERASED_EMAIL = 'erased@anonymised.invalid';
/** What free text written by or about the person reads once erased. */
export const ERASED_TEXT = '[deleted]';

/**
 * How the rows of a person are found (a row set's finders are OR-ed). The address is compared
 * exactly, in lower case, never as a substring of a longer one.
 */
export type Finder =
  /** lower(column) equals the address. */
  | { email: string }
  /** column is one of the person's orders (orders.customer_email is the address). */
  | { order: string }
  /** column is one of the files of those orders. */
  | { file: string }
  /** column is one of the person's customer accounts. */
  | { user: string }
  /** column is one of the payments of their orders. */
  | { payment: string }
  /** column is a testimonial staff made from one of their ratings. */
  | { testimonial: string }
  /** column is the browser key of one of their orders (guest uploads). */
  | { guestKey: string }
  /** some string anywhere in this JSON column equals the address (whole value, any case). */
  | { jsonValue: string }
  /** this JSON path of the column is one of their orders' ids. */
  | { jsonOrder: { column: string; path: string[] } }
  /** the address stands as a whole word (not inside a longer address), or one of their order ids, in one of these text columns. */
  | { mentions: string[] }
  /** one of the `:`/`|`-separated parts of the column equals the address. */
  | { keyPart: string };

/** Domain rewrites erasure applies through functions its caller supplies (see ErasureTransforms). */
export type TransformName = 'invoiceLines' | 'webhookPayload';

/** What erasure writes into one column of a found row. */
export type ColumnErasure =
  | 'erasedEmail' // ERASED_EMAIL
  | 'erasedText' // ERASED_TEXT
  | 'empty' // ''
  | 'null'
  | 'false'
  | 'trackNumber' // track-1, track-2... in the row set's order
  | 'withoutAddress' // a JSON array of addresses without the person's
  | { transform: TransformName }
  | { keep: string }; // stays, and why

/** What erasure does to a found row: delete it, or rewrite columns (every personal column named). */
export type RowErasure = { delete: string } | { columns: Record<string, ColumnErasure> };

/** One set of rows of a table that belongs to, or is about, the person. */
export type RowSet = {
  find: readonly Finder[];
  /** The export's key for these rows, or why the export does not show them. */
  export: { as: string; orderBy?: string } | { not: string };
  erase: RowErasure;
  /** Erasure touches only rows where column = value (staff accounts are removed in Users, not here). */
  eraseOnly?: { column: string; equals: string; because: string };
};

/** One table of the map: its personal columns, its other columns, and the person's rows in it. */
export type TableMap = {
  /** Personal columns: what each holds, and `withheld` when the export never shows it (secrets). */
  personal: Record<string, { holds: string; withheld?: string }>;
  /** Every other column: not personal. */
  other: readonly string[];
  /** The person's rows; empty when the table holds no customer's data (staff or public content). */
  rows: readonly RowSet[];
  /** Why the table has personal columns but no rows of a customer, when `rows` is empty. */
  noRows?: string;
};

const orderRows = (column = 'order_id') => [{ order: column }] as const;

/** The map: every table of the schema. */
export const PERSONAL_DATA_MAP: Record<string, TableMap> = {
  users: {
    personal: {
      email: { holds: 'sign-in address' },
      first_name: { holds: 'name' },
      last_name: { holds: 'name' },
      profile_image_url: { holds: 'photo' },
    },
    other: ['id', 'role', 'is_active', 'created_at', 'updated_at'],
    rows: [
      {
        find: [{ email: 'email' }],
        export: { as: 'users' },
        erase: { delete: 'the account goes (its sessions with it, by foreign key)' },
        eraseOnly: { column: 'role', equals: 'customer', because: 'staff accounts are removed in Users' },
      },
    ],
  },
  sessions: {
    personal: {
      ip: { holds: 'client address' },
      user_agent: { holds: 'browser' },
      token_hash: { holds: 'session secret', withheld: 'a secret: never shown' },
    },
    other: ['id', 'user_id', 'expires_at', 'created_at', 'last_seen_at'],
    rows: [
      {
        find: [{ user: 'user_id' }],
        export: { not: 'sign-in records: the account is exported' },
        erase: { delete: 'deleted with the account (on delete cascade)' },
      },
    ],
  },
  login_codes: {
    personal: {
      email: { holds: 'address' },
      requested_ip: { holds: 'client address' },
      code_hash: { holds: 'code secret', withheld: 'a secret: never shown' },
      browser_hash: { holds: 'hash of the asking browser’s nonce', withheld: 'a secret: never shown' },
      link_hash: { holds: 'hash of the mailed one-time sign-in link', withheld: 'a secret: never shown' },
    },
    other: ['id', 'expires_at', 'attempts', 'consumed_at', 'created_at', 'purpose'],
    rows: [
      {
        find: [{ email: 'email' }],
        export: { not: 'short-lived sign-in codes' },
        erase: { delete: 'codes go' },
      },
    ],
  },
  rate_limits: {
    personal: { key: { holds: 'address and client address the counter is kept for' } },
    other: ['points', 'expire'],
    rows: [
      {
        find: [{ keyPart: 'key' }],
        export: { not: 'counters that expire within the hour' },
        erase: { delete: 'counters go' },
      },
    ],
  },
  orders: {
    personal: {
      customer_email: { holds: 'address' },
      notes: { holds: "the customer's notes" },
      terms_client_address: { holds: 'client address at checkout' },
      guest_key_hash: { holds: 'browser key', withheld: 'a secret: never shown' },
      user_id: { holds: 'link to the account' },
    },
    other: [
      'id',
      'status',
      'unit_price_cents',
      'track_count',
      'discount_percent',
      'subtotal_cents',
      'discount_cents',
      'total_cents',
      'currency',
      'paid_at',
      'created_at',
      'updated_at',
      'assigned_to',
      'expected_at',
      'delay_notified_at',
      'payment_reminder_sent_at',
      'terms_accepted_at',
      'terms_text_version',
      'marketing_consent',
      'feedback_requested_at',
      'round_started_at',
      'due_at',
      'link_version',
      'release_pack',
      'release_pack_cents',
    ],
    rows: [
      {
        find: [{ email: 'customer_email' }],
        export: { as: 'orders', orderBy: 'created_at' },
        erase: {
          columns: {
            customer_email: 'erasedEmail',
            notes: 'null',
            terms_client_address: 'null',
            guest_key_hash: 'null',
            user_id: 'null',
          },
        },
      },
    ],
  },
  order_files: {
    personal: {
      original_name: { holds: 'file name (often the track title)' },
      file_name: { holds: 'file name' },
      processing_notes: { holds: "the engineer's notes on the track" },
      release_metadata: { holds: 'release metadata: title, artist, ISRC, album, year, composer' },
    },
    other: [
      'id',
      'order_id',
      'file_size',
      'mime_type',
      'original_file_path',
      'mastering_style',
      'tone',
      'loudness',
      'volume_match',
      'processing_status',
      'processed_at',
      'mastered_file_path',
      'uploaded_at',
      'genre',
      'audio_deleted_at',
      'replaced_at',
    ],
    rows: [
      {
        find: orderRows(),
        export: { as: 'files', orderBy: 'uploaded_at' },
        erase: {
          columns: {
            original_name: 'trackNumber',
            file_name: 'trackNumber',
            processing_notes: 'null',
            release_metadata: 'null',
          },
        },
      },
    ],
  },
  uploads: {
    personal: {
      original_name: { holds: 'file name' },
      client_address: { holds: 'client address' },
      guest_key_hash: { holds: 'browser key', withheld: 'a secret: never shown' },
    },
    other: [
      'id',
      'object_key',
      'status',
      'protocol',
      'user_id',
      'order_file_id',
      'content_type',
      'size',
      'expires_at',
      'completed_at',
      'created_at',
      'mastered_file_id',
      'declared_size',
      'multipart_id',
      'mix_check_queued_at',
    ],
    rows: [
      {
        // Attached to their files, or (tus uploads never attached) made by their account or browser.
        find: [
          { file: 'order_file_id' },
          { file: 'mastered_file_id' },
          { user: 'user_id' },
          { guestKey: 'guest_key_hash' },
        ],
        export: { not: 'upload records: the files are exported' },
        erase: { columns: { original_name: 'null', client_address: 'null', guest_key_hash: 'null' } },
      },
    ],
  },
  master_versions: {
    personal: {},
    other: ['id', 'file_id', 'version', 'mastered_file_path', 'created_at', 'integrated_lufs', 'true_peak_dbtp'],
    rows: [{ find: [{ file: 'file_id' }], export: { as: 'masterVersions' }, erase: { columns: {} } }],
  },
  pack_files: {
    personal: {},
    other: [
      'id',
      'file_id',
      'master_version_id',
      'format',
      'status',
      'object_key',
      'size',
      'integrated_lufs',
      'true_peak_dbtp',
      'error',
      'created_at',
      'updated_at',
    ],
    rows: [{ find: [{ file: 'file_id' }], export: { as: 'packFiles' }, erase: { columns: {} } }],
  },
  file_analyses: {
    personal: {},
    other: [
      'id',
      'file_id',
      'role',
      'analyser_version',
      'status',
      'error_reason',
      'integrated_lufs',
      'loudness_range_lu',
      'sample_peak_dbfs',
      'true_peak_dbtp',
      'duration_seconds',
      'sample_rate',
      'bit_depth',
      'channels',
      'codec',
      'waveform',
      'analysed_at',
      'streaming_preview',
    ],
    rows: [],
  },
  mix_checks: {
    personal: {},
    other: ['upload_id', 'status', 'checker_version', 'error_reason', 'report', 'created_at', 'checked_at'],
    rows: [],
  },
  payments: {
    personal: {},
    other: [
      'id',
      'order_id',
      'provider',
      'checkout_id',
      'payment_id',
      'amount_cents',
      'currency',
      'payment_method',
      'status',
      'failure_reason',
      'processed_at',
      'created_at',
      'updated_at',
      'attention',
    ],
    rows: [{ find: orderRows(), export: { as: 'payments' }, erase: { columns: {} } }],
  },
  payment_events: {
    personal: { payload: { holds: "the provider's webhook: may carry the payer's name, address, phone, card holder" } },
    other: ['id', 'event_id', 'type', 'payment_id', 'received_at', 'processed_at'],
    rows: [
      {
        find: [
          { payment: 'payment_id' },
          { jsonOrder: { column: 'payload', path: ['payload', 'metadata', 'orderId'] } },
          { jsonValue: 'payload' },
        ],
        export: { as: 'paymentEvents', orderBy: 'received_at' },
        // Webhooks stay as the payment records: ids, amounts and statuses, without the payer's details.
        erase: { columns: { payload: { transform: 'webhookPayload' } } },
      },
    ],
  },
  invoices: {
    personal: {
      customer_email: { holds: 'recipient address' },
      lines: { holds: 'line texts (track titles, names)' },
      reason: { holds: 'credit note reason' },
    },
    other: [
      'id',
      'kind',
      'number',
      'order_id',
      'credit_for',
      'seller',
      'total_cents',
      'vat_cents',
      'issued_at',
      'refund_id',
    ],
    rows: [
      {
        find: [{ order: 'order_id' }, { email: 'customer_email' }],
        export: { as: 'invoices' },
        // Tax law keeps invoices five years: amounts, numbers and dates stay, texts that could name the person go.
        erase: {
          columns: { customer_email: 'erasedEmail', lines: { transform: 'invoiceLines' }, reason: 'erasedText' },
        },
      },
    ],
  },
  invoice_counters: { personal: {}, other: ['series', 'last_serial'], rows: [] },
  refunds: {
    personal: { reason: { holds: 'why the order was refunded (may quote the customer)' } },
    other: [
      'id',
      'order_id',
      'payment_id',
      'amount_cents',
      'currency',
      'status',
      'idempotency_key',
      'provider_refund_id',
      'failure_reason',
      'return_status',
      'requested_by',
      'created_at',
      'processed_at',
    ],
    rows: [{ find: orderRows(), export: { as: 'refunds' }, erase: { columns: { reason: 'erasedText' } } }],
  },
  refund_requests: {
    personal: { message: { holds: "the customer's words" }, answer: { holds: "staff's answer to them" } },
    other: ['id', 'order_id', 'answered_by', 'answered_at', 'created_at', 'decision'],
    rows: [
      {
        find: orderRows(),
        export: { as: 'refundRequests' },
        erase: { columns: { message: 'erasedText', answer: 'null' } },
      },
    ],
  },
  releases: {
    personal: {
      title: { holds: "the release's title" },
      artist: { holds: "the artist's name" },
      notes: { holds: "the customer's words to the engineer" },
    },
    other: ['id', 'order_id', 'kind', 'created_at'],
    rows: [
      {
        find: orderRows(),
        export: { as: 'releases' },
        erase: { columns: { title: 'erasedText', artist: 'erasedText', notes: 'null' } },
      },
    ],
  },
  release_tracks: {
    personal: { notes: { holds: "the customer's words to the engineer" } },
    other: ['id', 'release_id', 'file_id', 'position', 'gap_ms', 'is_anchor'],
    rows: [
      {
        find: [{ file: 'file_id' }],
        export: { as: 'releaseTracks', orderBy: 'position' },
        erase: { columns: { notes: 'null' } },
      },
    ],
  },
  release_references: {
    personal: {
      original_name: { holds: 'file name of a reference track' },
      note: { holds: "the customer's words to the engineer" },
    },
    other: ['id', 'release_id', 'order_id', 'file_id', 'upload_id', 'file_path', 'takes', 'created_at'],
    rows: [
      {
        find: orderRows(),
        export: { as: 'referenceTracks', orderBy: 'created_at' },
        erase: { columns: { original_name: 'trackNumber', note: 'null' } },
      },
    ],
  },
  release_measures: {
    personal: {},
    other: ['file_id', 'mastered_file_path', 'measure', 'measured_at'],
    rows: [{ find: [{ file: 'file_id' }], export: { not: 'measurements of the masters' }, erase: { columns: {} } }],
  },
  revision_requests: {
    personal: { note: { holds: "the customer's words" } },
    other: ['id', 'order_id', 'file_id', 'round', 'at_seconds', 'created_at'],
    rows: [{ find: orderRows(), export: { as: 'revisionRequests' }, erase: { columns: { note: 'erasedText' } } }],
  },
  order_status_history: {
    personal: { note: { holds: 'file names, refund reasons, staff notes on the order' } },
    other: ['id', 'order_id', 'from_status', 'to_status', 'changed_by', 'created_at'],
    rows: [
      {
        find: orderRows(),
        export: { as: 'statusHistory', orderBy: 'created_at' },
        erase: { columns: { note: 'null' } },
      },
    ],
  },
  order_ratings: {
    personal: { comment: { holds: "the customer's words" }, publish_consent: { holds: 'consent to publish' } },
    other: ['id', 'order_id', 'stars', 'testimonial_id', 'created_at'],
    rows: [
      {
        find: orderRows(),
        export: { as: 'ratings' },
        // The stars stay in the satisfaction average; the words and the consent go.
        erase: { columns: { comment: 'empty', publish_consent: 'false' } },
      },
    ],
  },
  testimonials: {
    personal: {
      name: { holds: 'name' },
      role: { holds: 'role' },
      company: { holds: 'company' },
      email: { holds: 'address' },
      content: { holds: 'their words' },
      results: { holds: 'their words' },
      avatar_url: { holds: 'photo' },
    },
    other: ['id', 'rating', 'is_active', 'is_verified', 'display_order', 'created_at', 'updated_at', 'is_demo'],
    rows: [
      {
        // A testimonial made from one of their ratings: unpublished, name and words removed.
        find: [{ testimonial: 'id' }],
        export: { as: 'testimonials' },
        erase: {
          columns: {
            name: 'erasedText',
            role: 'empty',
            company: 'null',
            email: 'null',
            content: 'erasedText',
            results: 'null',
            avatar_url: 'null',
            is_active: 'false',
          },
        },
      },
    ],
  },
  customer_messages: {
    personal: { customer_email: { holds: 'address' }, subject: { holds: 'what staff wrote to them' } },
    other: ['id', 'message_type', 'sent_by', 'job_id', 'created_at'],
    rows: [{ find: [{ email: 'customer_email' }], export: { as: 'messages' }, erase: { delete: 'messages go' } }],
  },
  email_messages: {
    personal: {
      to_email: { holds: 'recipient address' },
      subject: { holds: 'subject (names, order numbers)' },
      html: { holds: 'body' },
      text: { holds: 'body' },
      last_error: { holds: "the mail server's answer (quotes the address)" },
    },
    other: [
      'id',
      'job_id',
      'from_email',
      'template',
      'status',
      'attempts',
      'provider_message_id',
      'campaign_id',
      'order_id',
      'next_attempt_at',
      'sent_at',
      'created_at',
      'updated_at',
      'claimed_by',
      'claimed_until',
    ],
    rows: [
      {
        find: [{ email: 'to_email' }],
        export: { as: 'emailMessages', orderBy: 'created_at' },
        erase: {
          columns: { to_email: 'erasedEmail', subject: 'erasedText', html: 'null', text: 'null', last_error: 'null' },
        },
      },
      {
        // Staff mail about them: with their order's id, or naming them (revision requested, overdue digest).
        find: [{ order: 'order_id' }, { mentions: ['subject', 'text', 'html'] }],
        export: { not: 'staff mail: the export shows only what was sent to the person' },
        erase: {
          columns: {
            to_email: { keep: "a staff member's address, not the person's" },
            subject: 'erasedText',
            html: 'null',
            text: 'null',
            last_error: 'null',
          },
        },
      },
    ],
  },
  email_templates: {
    personal: {},
    other: [
      'id',
      'name',
      'subject',
      'html_content',
      'text_content',
      'type',
      'description',
      'is_active',
      'is_system',
      'created_at',
      'updated_at',
    ],
    rows: [],
  },
  campaigns: {
    personal: { custom_recipients: { holds: 'addresses a campaign was sent to' } },
    other: [
      'id',
      'subject',
      'content',
      'template',
      'status',
      'recipient_type',
      'recipient_count',
      'scheduled_at',
      'sent_at',
      'delivered_count',
      'opened_count',
      'clicked_count',
      'bounced_count',
      'created_by',
      'created_at',
      'updated_at',
    ],
    rows: [
      {
        find: [{ jsonValue: 'custom_recipients' }],
        export: { not: 'the campaign mails sent to them are exported (emailMessages, campaignRecipients)' },
        erase: { columns: { custom_recipients: 'withoutAddress' } },
      },
    ],
  },
  campaign_recipients: {
    personal: { email: { holds: 'address' }, last_error: { holds: "the mail server's answer" } },
    other: [
      'id',
      'campaign_id',
      'status',
      'email_message_id',
      'sent_at',
      'opened_at',
      'clicked_at',
      'created_at',
      'claimed_by',
      'claimed_until',
    ],
    rows: [
      {
        find: [{ email: 'email' }],
        export: { as: 'campaignRecipients' },
        erase: { columns: { email: 'erasedEmail', last_error: 'null' } },
      },
    ],
  },
  unsubscribes: {
    personal: { email: { holds: 'address' }, reason: { holds: 'their words' } },
    other: ['created_at'],
    rows: [{ find: [{ email: 'email' }], export: { as: 'unsubscribes' }, erase: { delete: 'the row goes' } }],
  },
  marketing_consents: {
    personal: { email: { holds: 'address' } },
    other: ['requested_at', 'confirmed_at'],
    rows: [{ find: [{ email: 'email' }], export: { as: 'marketingConsents' }, erase: { delete: 'the row goes' } }],
  },
  deletion_requests: {
    personal: { email: { holds: 'address' } },
    other: ['id', 'created_at', 'completed_at', 'completed_by'],
    rows: [
      {
        find: [{ email: 'email' }],
        export: { as: 'deletionRequests' },
        // The request stays as the record that it was carried out, tied to nobody.
        erase: { columns: { email: 'erasedEmail' } },
      },
    ],
  },
  erasures: {
    personal: {
      email: { holds: 'the address being erased, while its erasure runs' },
      person: { holds: 'the address and ids of the person being erased, while the erasure runs' },
    },
    other: ['id', 'owners_done', 'erased_by', 'created_at'],
    rows: [],
    noRows: 'a row lives only while an erasure runs: the coordinator deletes it when the last owner is done',
  },
  agenda_jobs: {
    personal: { data: { holds: "a queued job's data: a mail's recipient and template data" } },
    other: [
      'id',
      'name',
      'priority',
      'next_run_at',
      'type',
      'locked_at',
      'last_finished_at',
      'failed_at',
      'fail_count',
      'fail_reason',
      'repeat_timezone',
      'last_run_at',
      'repeat_interval',
      'repeat_at',
      'disabled',
      'progress',
      'fork',
      'last_modified_by',
      'debounce_started_at',
      'start_date',
      'end_date',
      'skip_days',
      'created_at',
      'updated_at',
    ],
    rows: [
      {
        find: [{ jsonValue: 'data' }],
        export: { not: 'the queue: the mails it sends are exported once stored' },
        erase: { delete: 'queued mails to or naming them are not sent' },
      },
    ],
  },
  customer_summaries: {
    personal: { email: { holds: 'address (the customers screen)' } },
    other: [
      'accounts',
      'order_count',
      'total_orders',
      'spent_cents',
      'first_order',
      'last_order',
      'first_paid',
      'last_paid',
      'id',
    ],
    rows: [
      {
        find: [{ email: 'email' }],
        export: { not: 'figures computed from the orders and accounts, which are exported' },
        erase: {
          columns: {
            email: { keep: 'kept by the triggers on orders and users: erasing those empties and removes it' },
          },
        },
      },
    ],
  },
  showcase_tracks: {
    personal: { artist: { holds: 'an artist named with their agreement' } },
    other: [
      'id',
      'title',
      'genre',
      'before_description',
      'after_description',
      'artwork_url',
      'original_audio_url',
      'mastered_audio_url',
      'is_active',
      'display_order',
      'created_at',
      'updated_at',
      'is_demo',
    ],
    rows: [],
    noRows: 'public content staff write with the artist; removed in Content',
  },
  settings: {
    personal: {},
    // The studio's own details and configuration (business, SMTP), not a customer's.
    other: ['key', 'value', 'updated_at', 'updated_by'],
    rows: [],
  },
  settings_audit: { personal: {}, other: ['id', 'changed_by', 'sections', 'created_at'], rows: [] },
  legal_document_versions: {
    personal: {},
    other: ['id', 'document', 'version', 'markdown', 'created_by', 'created_at'],
    rows: [],
  },
  admin_digests: { personal: {}, other: ['kind', 'day'], rows: [] },
  // The disk ledger: bytes held per upload against the free-space floor (the upload row is the person's).
  idempotency_keys: {
    personal: { client: { holds: 'account id or browser key hash', withheld: 'a key: never shown' } },
    other: ['scope', 'key', 'request_hash', 'answer', 'created_at'],
    rows: [
      {
        find: [{ user: 'client' }, { guestKey: 'client' }],
        export: { not: 'retry records of their orders: the orders are exported' },
        erase: { delete: 'the row goes' },
      },
    ],
  },
  disk_reservations: { personal: {}, other: ['upload_id', 'volume', 'bytes', 'expires_at', 'created_at'], rows: [] },
  customer_paid_day_stats: { personal: {}, other: ['day', 'first_paid', 'last_paid'], rows: [] },
  customer_paid_days: { personal: {}, other: ['day', 'customer_id', 'orders'], rows: [] },
  delivery_day_stats: { personal: {}, other: ['day', 'delivered', 'seconds', 'on_time'], rows: [] },
  customer_totals: {
    personal: {},
    other: ['id', 'customers', 'active', 'vip', 'revenue_cents', 'paid_orders'],
    rows: [],
  },
  genre_day_stats: { personal: {}, other: ['day', 'status', 'genre', 'orders', 'share_cents'], rows: [] },
  order_day_stats: { personal: {}, other: ['day', 'status', 'orders', 'revenue_cents'], rows: [] },
  order_deliveries: { personal: {}, other: ['order_id', 'delivered_at', 'paid_at'], rows: [] },
  order_file_totals: {
    personal: {},
    other: ['processing_status', 'mastering_style', 'files', 'bytes'],
    rows: [],
  },
  order_genres: { personal: {}, other: ['order_id', 'genre', 'files'], rows: [] },
  order_status_totals: { personal: {}, other: ['status', 'orders', 'total_cents'], rows: [] },
  payment_day_stats: { personal: {}, other: ['day', 'status', 'payments', 'amount_cents'], rows: [] },
  knex_migrations: { personal: {}, other: ['id', 'name', 'batch', 'migration_time'], rows: [] },
  knex_migrations_lock: { personal: {}, other: ['index', 'is_locked'], rows: [] },
};
