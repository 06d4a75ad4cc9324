// Every user-facing text the specs fix, word for word. Forms and services import these.

import { AUDIO_EXTENSIONS, AUDIO_FORMAT_LIST, orList } from './audio-formats';
import { DEFAULT_PRICING, DELIVERY_HOURS, LOGIN_CODE_TTL_MINUTES } from './constants';
import { formatRand } from './format';

// Storefront: upload and order (storefront spec §5, §8)
export const NO_VALID_AUDIO = `No valid audio files found. Please upload ${orList(AUDIO_EXTENSIONS, { serialComma: true })} files.`;
/** 'File(s) too large: a.wav, b.wav. Maximum size is 500MB per file.' (the whole batch is refused). */
export const filesTooLarge = (names: string[], maxFileSizeMb = DEFAULT_PRICING.maxFileSizeMb) =>
  `File(s) too large: ${names.join(', ')}. Maximum size is ${maxFileSizeMb}MB per file.`;
/** 'WAV, MP3, FLAC, AIFF or M4A files up to 500 MB': what a track may be, for mails and pages that say it. */
export const audioFilesUpTo = (maxFileSizeMb = DEFAULT_PRICING.maxFileSizeMb) =>
  `${AUDIO_FORMAT_LIST} files up to ${maxFileSizeMb} MB`;
export const NO_FILES = 'Please upload at least one audio file.';
export const NO_EMAIL = 'Please enter your email address.';
export const STILL_UPLOADING = 'Please wait for all files to finish uploading before proceeding to payment.';
/** 'Some files failed to upload: a.wav. Please try uploading them again.' */
export const someFilesFailed = (names: string[]) =>
  `Some files failed to upload: ${names.join(', ')}. Please try uploading them again.`;
export const UPLOAD_INCOMPLETE = 'File upload incomplete. Please try refreshing and uploading again.';
/** 'Failed to upload a.wav. Please try again.' (that file is marked error). */
export const failedToUpload = (name: string) => `Failed to upload ${name}. Please try again.`;
export const PAYMENT_PROCESSING_FAILED = 'Payment processing failed. Please try again.';
export const PAYMENT_REDIRECT_FAILED = 'Payment redirect failed. Please try again or contact support.';
export const SHOWCASE_LOAD_FAILED = 'Failed to load audio examples. Please try again later.';
export const SHOWCASE_EMPTY = 'Audio examples will appear here once uploaded by admin.';
export const SHOWCASE_LOADING = 'Loading audio examples...';
export const NOT_FOUND_PAGE = '404 Page Not Found';

// Login (storefront spec §8)
export const LOGIN_SEND_FAILED = 'Failed to send login code. Please try again.';
export const INVALID_OR_EXPIRED_CODE = 'Invalid or expired code';
export const CODE_SENT = 'Code sent!';
export const WELCOME = 'Welcome!';
// Sign-in nobody can guess and nobody can block (issue 51): a code works only in the browser that asked
// for it, few wrong codes are compared per address a day, and every code mail carries a one-time link.
export const CODE_FROM_OTHER_BROWSER =
  'This code works only in the browser that asked for it. Type it there, or use the button in the email.';
export const CODE_GUESSES_SPENT =
  'Too many wrong codes for this address today. Use the button in the email we sent you: it works once, in any browser.';
export const INVALID_OR_EXPIRED_LINK =
  'This sign-in link is used or expired. Ask for a new code: its email has a fresh link.';
export const SIGN_IN_LINK_HINT = 'Typed it wrong? The email also has a button that works once, in any browser.';
export const SIGNING_IN_BY_LINK = 'Signing you in...';

// Back-office forms (back-office spec §5)
export const FILL_REQUIRED = 'Please fill in all required fields';
export const TITLE_REQUIRED = 'Title is required';
export const ARTIST_REQUIRED = 'Artist is required';
export const GENRE_REQUIRED = 'Genre is required';
export const BEFORE_REQUIRED = 'Before description is required';
export const AFTER_REQUIRED = 'After description is required';
export const NAME_REQUIRED = 'Name is required';
export const ROLE_REQUIRED = 'Role is required';
export const CONTENT_REQUIRED_TESTIMONIAL = 'Testimonial content is required';
// Not a spec text: the spec fixes the 1-5 range but not its message.
export const RATING_RANGE = 'Rating must be 1 to 5';
export const SUBJECT_REQUIRED = 'Subject is required';
export const SUBJECT_TOO_LONG = 'Subject too long';
export const CONTENT_REQUIRED = 'Content is required';
export const SELECT_TEMPLATE = 'Please select an email template';
/** 'Please fill in: orderId, amount' for a test email's missing fields. */
export const fillIn = (fields: string[]) => `Please fill in: ${fields.join(', ')}`;
export const FILL_EMAIL_FIELDS = 'Please fill in all email fields';
// Not a spec text: the spec requires HTML content without fixing the message.
export const HTML_CONTENT_REQUIRED = 'HTML content is required';
export const INVALID_EMAIL = 'Invalid email address';
export const FIRST_NAME_REQUIRED = 'First name is required';

// Content uploads (showcase artwork and audio, testimonial avatars). Not spec texts: the spec allows
// the files without fixing their limits or messages.
/** 'Artwork is too large. Maximum size is 10MB.' */
export const mediaTooLarge = (label: string, maxMb: number) => `${label} is too large. Maximum size is ${maxMb}MB.`;
/** 'Artwork must be an image (JPEG, PNG, WebP, GIF or AVIF).' — checked on the file's bytes, not its name. */
export const mediaWrongType = (label: string, kinds: string) => `${label} must be ${kinds}.`;
/** A file sent in a form field that takes no file. */
export const unexpectedFile = (field: string) => `Unexpected file field: ${field}`;
export const FORM_ENCODING_REQUIRED = 'Send the form as multipart/form-data or JSON';
export const LAST_NAME_REQUIRED = 'Last name is required';

// Storefront internal texts (the error's message when a call fails; storefront spec §8)
export const SHOWCASE_FETCH_FAILED = 'Failed to fetch showcase tracks';
export const TESTIMONIALS_FETCH_FAILED = 'Failed to fetch testimonials';
export const GET_UPLOAD_URL_FAILED = 'Failed to get upload URL';
export const STORAGE_UPLOAD_FAILED = 'Failed to upload file to storage';
export const CREATE_ORDER_FAILED = 'Failed to create order';
export const CREATE_CHECKOUT_FAILED = 'Failed to create payment checkout';

// Storefront fixed texts around payment and login (storefront spec §2)
export const REDIRECTING_TO_YOCO = 'Redirecting to Yoco...';
export const RETURN_FOR_CONFIRMATION = 'Return here for confirmation and tracking';
export const CODE_EXPIRES_NOTE = `Code expires in ${LOGIN_CODE_TTL_MINUTES} minutes`;

// Launch special (storefront spec §1, §2). The discount and price come from GET /api/config, so a
// discount changed by staff changes every label at once; without a discount the labels drop it.

/** A rand price per track, in the one money format (`formatRand`): 499 -> "R499", 499.5 -> "R499,50". */
export const randPerTrack = (rand: number) => formatRand(rand);
/** The header's and every "start mastering" button: 'Start Mastering - 35% Off'. */
export const startMasteringLabel = (discountPercent?: number) =>
  discountPercent ? `Start Mastering - ${discountPercent}% Off` : 'Start Mastering';
/** The hero's button: 'Upload Your Track & Get 35% Off'. */
export const uploadAndSaveLabel = (discountPercent?: number) =>
  discountPercent ? `Upload Your Track & Get ${discountPercent}% Off` : 'Upload Your Track';
/** The footer's launch-special banner: 'Launch Special: 35% off your total order'. */
export const launchSpecialBanner = (discountPercent: number) =>
  `Launch Special: ${discountPercent}% off your total order`;
/** The hero's price line: 'R499 per track, 35% off'. */
export const priceLine = ({
  basePrice,
  launchDiscountPercent,
}: {
  basePrice: number;
  launchDiscountPercent: number;
}) =>
  launchDiscountPercent
    ? `${randPerTrack(basePrice)} per track, ${launchDiscountPercent}% off`
    : `${randPerTrack(basePrice)} per track`;
/** The upload page's subtitle: 'Professional mastering with 48-hour turnaround • R499 per track, 35% off total'. */
export const uploadPageSubtitle = ({
  basePrice,
  launchDiscountPercent,
}: {
  basePrice: number;
  launchDiscountPercent: number;
}) =>
  `Professional mastering with ${DELIVERY_HOURS}-hour turnaround • ${randPerTrack(basePrice)} per track${launchDiscountPercent ? `, ${launchDiscountPercent}% off total` : ''}`;
/**
 * The login and payment banners' special price: the real price per track after the discount, the one
 * checkout charges (the spec's fixed "R299" was a defect): 'professional mastering for R324 per track'.
 */
export const specialPriceLine = ({ discountedPricePerTrack }: { discountedPricePerTrack: number }) =>
  `professional mastering for ${randPerTrack(discountedPricePerTrack)} per track`;
/** The comparison table's price cell: 'R324 launch special', or 'R499' without a discount. */
export const comparisonPrice = ({
  discountedPricePerTrack,
  launchSpecial,
}: {
  discountedPricePerTrack: number;
  launchSpecial: boolean;
}) =>
  launchSpecial ? `${randPerTrack(discountedPricePerTrack)} launch special` : randPerTrack(discountedPricePerTrack);

// Screen titles (both specs §2): the shell's tab titles and the pages' headings, by page key.
export const SCREEN_TITLES = {
  home: 'Home',
  upload: 'Upload Your Track',
  login: 'Login',
  'payment-success': 'Payment Successful!',
  'payment-cancelled': 'Payment Cancelled',
  'payment-failed': 'Payment Failed',
  download: 'Your mastered tracks',
  order: 'Your order',
  'track-order': 'Track my order',
  'your-data': 'Your data',
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  refunds: 'Refund Policy',
  dashboard: 'Dashboard',
  orders: 'Order Management',
  'refund-requests': 'Refund requests',
  customers: 'Customer Management',
  users: 'User Management',
  files: 'Audio File Management',
  payments: 'Payment & Revenue Management',
  analytics: 'Analytics & Reports',
  showcase: 'Showcase Management',
  testimonials: 'Testimonials Management',
  'email-testing': 'Email Testing',
  'email-templates': 'Email Templates',
  emails: 'Email Management',
  settings: 'Settings',
  profile: 'Customer profile',
} as const;
export type ScreenKey = keyof typeof SCREEN_TITLES;
/** The dashboard's labels (back-office spec, Dashboard). */
export const DASHBOARD_TEXTS = {
  totalOrders: 'Total Orders',
  pendingOrders: 'Pending Orders',
  revenue: 'Revenue',
  activeCustomers: 'Active Customers',
  recentOrders: 'Recent Orders',
  viewAllOrders: 'View All Orders',
  refreshStats: 'Refresh Stats',
  manageOrders: 'Manage Orders',
  manageCustomers: 'Manage Customers',
  manageFiles: 'Manage Files',
} as const;

/** The admin sidebar's menu entries (back-office spec, navigation), in menu order. */
export const MENU_LABELS = {
  dashboard: 'Dashboard',
  orders: 'Orders',
  // Issue 50: "Not happy?" requests, with the count of open ones (not in the spec's menu; added after Orders).
  'refund-requests': 'Refund requests',
  customers: 'Customers',
  users: 'Users',
  files: 'Audio Files',
  payments: 'Payments',
  analytics: 'Analytics',
  showcase: 'Showcase',
  testimonials: 'Testimonials',
  'email-testing': 'Email Testing',
  'email-templates': 'Email Templates',
  emails: 'Email Campaigns',
  settings: 'Settings',
} as const satisfies Partial<Record<ScreenKey, string>>;
/** The sidebar's quick-access links. */
export const QUICK_ACCESS_LABELS = { engineerDashboard: 'Engineer Dashboard', backToSite: 'Back to Site' } as const;
/** The 404 page's tab title. */
export const NOT_FOUND_TITLE = 'Page Not Found';
/** The back-office's name: the sidebar's title and the storefront header's admin link. */
export const ADMIN_CONSOLE = 'Admin Console';
/** The headline promise (storefront spec §1): 'Radio-ready masters in 48 hours'. */
export const HEADLINE = `Radio-ready masters in ${DELIVERY_HOURS} hours`;
/** The browser tab title: a screen's title (the headline on the home page), then the site's name. */
export const documentTitle = (screenTitle?: string) => `${screenTitle ?? HEADLINE} | Online audio mastering`;
/** The site's description for search engines and link previews. */
export const SITE_DESCRIPTION = `Human engineers master your track for every streaming platform in ${DELIVERY_HOURS} hours. South African online audio mastering, priced per track in rand.`;

// Back-office toasts, by screen (back-office spec §8): `title` is the toast title where the spec gives one.
export const ORDER_TEXTS = {
  fetchFailed: 'Failed to fetch orders',
  updateFailedTitle: 'Failed to update order',
  updateFailed: 'Failed to update order status',
  updated: 'Order status updated successfully!',
} as const;
export const CUSTOMER_TEXTS = {
  fetchFailed: 'Failed to fetch customers',
  messageFailed: 'Failed to send message',
  messageSent: 'Message sent successfully!',
} as const;
export const FILE_TEXTS = {
  processingFailed: 'Failed to update processing status',
  processingUpdated: 'Processing status updated successfully!',
  uploadUrlFailed: GET_UPLOAD_URL_FAILED,
  storageFailed: STORAGE_UPLOAD_FAILED,
  confirmFailed: 'Failed to confirm upload',
  masteredFailedTitle: 'Failed to upload mastered file',
  masteredUploaded: 'Mastered file uploaded successfully!',
} as const;
export const PAYMENTS_FETCH_FAILED = 'Failed to fetch payment data';
export const DASHBOARD_FETCH_FAILED = 'Failed to fetch dashboard stats';
export const ANALYTICS_FETCH_FAILED = 'Failed to fetch analytics';
export const SHOWCASE_TEXTS = {
  fetchFailed: SHOWCASE_FETCH_FAILED,
  createFailed: 'Failed to create showcase track',
  updateFailed: 'Failed to update showcase track',
  deleteFailed: 'Failed to delete showcase track',
  createFailedTitle: 'Upload Failed',
  updateFailedTitle: 'Update Failed',
  deleteFailedTitle: 'Delete Failed',
  created: 'Showcase track uploaded successfully!',
  updated: 'Showcase track updated successfully!',
  deleted: 'Showcase track deleted successfully!',
} as const;
export const TESTIMONIAL_TEXTS = {
  authRequiredTitle: 'Authentication Required',
  authRequired: 'You need to log in to access this page. Redirecting...',
  fetchFailed: TESTIMONIALS_FETCH_FAILED,
  createFailed: 'Failed to create testimonial',
  updateFailed: 'Failed to update testimonial',
  deleteFailed: 'Failed to delete testimonial',
  createFailedTitle: 'Creation Failed',
  updateFailedTitle: 'Update Failed',
  deleteFailedTitle: 'Delete Failed',
  created: 'Testimonial created successfully!',
  updated: 'Testimonial updated successfully!',
  deleted: 'Testimonial deleted successfully!',
} as const;
export const CAMPAIGN_TEXTS = {
  sendFailedTitle: 'Failed to send campaign',
  sendFailed: 'There was an error sending your marketing email.',
  sent: 'Campaign sent successfully.',
  templateApplied: 'Template applied',
} as const;
export const EMAIL_TEST_TEXTS = {
  sent: 'Email Sent',
  /** The failure toast with the server's message. */
  sendFailed: (message: string) => `Error: Failed to send email: ${message}`,
  healthFailed: 'Health Check Failed',
  healthy: 'Email service is working correctly',
  unhealthy: 'Email service has issues',
} as const;
export const TEMPLATE_TEXTS = {
  initFailed: 'Failed to initialize system templates',
  createFailed: 'Failed to create template',
  updateFailed: 'Failed to update template',
  deleteFailed: 'Failed to delete template',
} as const;
export const USER_TEXTS = {
  /** Failure toasts carry the server's message. */
  createFailed: (message: string) => `Failed to create user: ${message}`,
  updateFailed: (message: string) => `Failed to update user: ${message}`,
  deleteFailed: (message: string) => `Failed to delete user: ${message}`,
  created: 'User created successfully',
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
  loading: 'Loading users...',
  /** The Delete User confirmation for a display name. */
  confirmDelete: (name: string) => `Are you sure you want to delete ${name}? This action cannot be undone.`,
} as const;
export const SETTINGS_TEXTS = {
  savedTitle: 'Settings Saved',
  saveFailedTitle: 'Save Failed',
  saveFailed: 'Failed to save settings. Please try again.',
  testUsesSavedSettings: 'The test uses the saved settings: save your changes first.',
  analyticsHint:
    'Always on: the analytics screen reads orders and payments from the database; the site records no visits.',
  adminTokenHint: 'Always on: every back-office call needs a signed-in staff session.',
  strongPasswordsHint: 'Not used: everyone signs in with a one-time code sent by email, so there are no passwords.',
  plaintextLabel: 'Allow sending without TLS',
  plaintextHint: (host: string) =>
    host
      ? `Only for a relay on a trusted network that offers no STARTTLS: mail and the password then cross the network unencrypted. Applies to ${host} only; another host needs TLS again.`
      : 'Enter an SMTP host first: the exemption applies to that one host.',
} as const;
/**
 * A save that changes the SMTP relay (host, port, user or the TLS exemption) without the password, while one is
 * stored: the password is only ever sent to the relay it was typed for.
 */
export const SMTP_PASSWORD_REQUIRED_AGAIN =
  'Enter the SMTP password again: a stored password is only used while the SMTP host, port, username and TLS setting stay as they were.';
export const CUSTOMER_NOT_FOUND = 'Customer Not Found';

// Back-office empty states (back-office spec §8)
export const EMPTY_TEXTS = {
  orders: 'No orders found matching your criteria',
  customers: 'No customers found matching your criteria',
  audioFiles: 'No audio files found matching your criteria',
  payments: 'No payments found matching your criteria',
  profileOrders: 'No orders found',
  recentOrders: 'No recent orders found',
  showcase: 'No showcase tracks uploaded yet',
  genres: 'No genre data available',
  orderStatuses: 'No order status data available',
} as const;

// Marketing consent confirmation pages (issue 51 finding 5: /e/confirm/<token>, POPIA s69 double opt-in).
export const CONSENT_TEXTS = {
  askTitle: 'Confirm marketing emails',
  ask: (email: string) => `Send news and offers to ${email}? You can unsubscribe from any of them.`,
  button: 'Yes, send me news',
  doneTitle: 'Thank you: you are subscribed',
  done: (email: string) => `${email} will get our news and offers. Every one of them has an unsubscribe link.`,
  invalidTitle: 'Link not valid',
  invalid: 'This confirmation link is not valid: nothing was changed. Use the link in the email exactly as it came.',
  expiredTitle: 'Link expired',
  expired:
    'This confirmation link has expired: nothing was changed. Tick the news box on your next order to get a new one.',
} as const;
